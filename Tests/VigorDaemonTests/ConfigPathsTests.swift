import TestPrograms
import Testing
import VigorRPC

@testable import VigorDaemon
@testable import VigorConfig

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

@Test func vigorctlConfigShowsTheDropFolderInTheStateFolderTheFlagChose() {
    let folders = FoldersInForce.resolve(
        options: DaemonOptions(socketPath: "/run/ana/vigord.sock", stateDirectory: "/srv/vigor"), config: DaemonConfig(),
        environment: ["HOME": "/home/ana"], uid: 1000, systemdSocket: nil)
    #expect(folders.healthDropFolder.path == "/srv/vigor/inbox")
    let shown = EffectiveConfigView.build(DaemonConfig(), origin: .defaults, path: "/home/ana/.config/vigor/config.toml",
                                          locator: TOMLKeyLocator(text: ""), folders: folders)
    func key(_ table: String, _ name: String) -> EffectiveConfig.Key? {
        shown.tables.first { $0.name == table }?.keys.first { $0.key == name }
    }
    #expect(key("health", "drop_folder") == EffectiveConfig.Key(
        key: "drop_folder", value: "\"/srv/vigor/inbox\"", source: "default: in the state folder --state-dir chose"))
    #expect(key("calendar.output", "path")?.value == "\"/srv/vigor/calendars\"")
    #expect(key("daemon", "state_dir") == EffectiveConfig.Key(key: "state_dir", value: "\"/srv/vigor\"", source: "--state-dir"))
    #expect(key("daemon", "socket") == EffectiveConfig.Key(key: "socket", value: "\"/run/ana/vigord.sock\"", source: "--socket"))
}
