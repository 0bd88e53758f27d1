import TestPrograms
import Testing

@testable import VigorDaemon

@Test(.removesScratchFolders) func theSystemServiceKeepsItsCalendarAndInboxInTheFolderSystemdMadeForIt() {
    let service = ["STATE_DIRECTORY": "/var/lib/vigor", "HOME": "/"]
    #expect(ConfigPaths.defaultCalendarOutput(environment: service, uid: 61_234) == "/var/lib/vigor/calendars")
    #expect(ConfigPaths.defaultHealthDropFolder(environment: service, uid: 61_234) == "/var/lib/vigor/inbox")
    #expect(ConfigPaths.defaultCalendarOutput(environment: [:], uid: 0) == "/var/lib/vigor/calendars")
}

@Test(.removesScratchFolders) func aUserUnitsStateDirectoryLeavesTheCalendarInTheUsersDataFolder() {
    let user = ["STATE_DIRECTORY": "/home/ana/.local/state/vigor", "HOME": "/home/ana"]
    #expect(ConfigPaths.defaultCalendarOutput(environment: user, uid: 1000) == "/home/ana/.local/share/vigor/calendars")
    #expect(ConfigPaths.defaultHealthDropFolder(environment: user, uid: 1000) == "/home/ana/.local/share/vigor/inbox")
}

@Test(.removesScratchFolders) func aChosenStateFolderHoldsTheCalendarAndTheInbox() {
    let user = ["HOME": "/home/ana"]
    #expect(ConfigPaths.defaultCalendarOutput(environment: user, uid: 1000, chosenStateDirectory: "/srv/vigor") == "/srv/vigor/calendars")
    #expect(ConfigPaths.defaultHealthDropFolder(environment: user, uid: 1000, chosenStateDirectory: "/srv/vigor") == "/srv/vigor/inbox")
    #expect(ConfigPaths.defaultCalendarOutput(environment: [:], uid: 0, chosenStateDirectory: "/srv/vigor") == "/srv/vigor/calendars")
}
