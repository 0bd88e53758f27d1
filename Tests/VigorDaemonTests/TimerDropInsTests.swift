import CivilCalendar
import Foundation
import TestPrograms
import Testing

@testable import VigorDaemon
@testable import VigorConfig

#if canImport(Glibc)
import Glibc
#endif

private func schedule(morning: String, evening: String, zone: String?) throws -> DaemonConfig.ScheduleSection {
    var section = DaemonConfig.ScheduleSection()
    section.morning = try #require(TimeOfDay(parsing: morning))
    section.evening = try #require(TimeOfDay(parsing: evening))
    section.timezone = zone
    return section
}

private func scratchFolder() throws -> String {
    try ScratchFolder.make("dropins")
}

@Test(.removesScratchFolders) func timersFireAtTheConfiguredTimesInTheConfiguredZone() throws {
    let dropIns = try TimerDropIns(schedule: schedule(morning: "05:45", evening: "20:30", zone: "America/New_York"), configPath: "/etc/vigor/config.toml")
    #expect(dropIns.files.map(\.path) == [
        "vigor-morning.timer.d/10-schedule.conf", "vigor-evening.timer.d/10-schedule.conf", "vigor-weekly.timer.d/10-schedule.conf",
    ])
    #expect(dropIns.files[2].text.contains("[Timer]\nOnCalendar=\nOnCalendar=Sun *-*-* 20:30:00 America/New_York\n"))
    #expect(dropIns.files[0].text.contains("[Timer]\nOnCalendar=\nOnCalendar=*-*-* 05:45:00 America/New_York\n"))
    #expect(dropIns.files[1].text.contains("[Timer]\nOnCalendar=\nOnCalendar=*-*-* 20:30:00 America/New_York\n"))
    #expect(dropIns.files[0].text.contains("/etc/vigor/config.toml"))
}

@Test(.removesScratchFolders) func theWeeklyTimerFiresOnSundaysAtTheEveningTimeButNeverBeforeSixPM() throws {
    let early = try TimerDropIns(schedule: schedule(morning: "06:00", evening: "17:00", zone: nil), configPath: "c")
    #expect(early.files[2].text.contains("\nOnCalendar=Sun *-*-* 18:00:00\n"))
    #expect(early.files[1].text.contains("\nOnCalendar=*-*-* 17:00:00\n"))
}

@Test(.removesScratchFolders) func withoutAConfiguredZoneTheTimersFollowTheSystemZoneAsVigordDoes() throws {
    let dropIns = try TimerDropIns(schedule: schedule(morning: "06:00", evening: "21:00", zone: nil), configPath: "config.toml")
    #expect(dropIns.files[0].text.contains("\nOnCalendar=*-*-* 06:00:00\n"))
}

@Test(.removesScratchFolders) func aZoneSystemdCannotReadIsRefusedWithTheKeyToFix() throws {
    let error = #expect(throws: TimerDropInError.self) {
        try TimerDropIns(schedule: schedule(morning: "06:00", evening: "21:00", zone: "Mars/Olympus"), configPath: "/tmp/c.toml")
    }
    #expect(error?.description.contains("[schedule] timezone 'Mars/Olympus'") == true)
    #expect(throws: TimerDropInError.self) {
        try TimerDropIns(schedule: schedule(morning: "06:00", evening: "21:00", zone: "../../etc/passwd"), configPath: "/tmp/c.toml")
    }
}

@Test(.removesScratchFolders) func writingTwiceReplacesTheDropInsAndLeavesNoTemporaryFile() throws {
    let folder = try scratchFolder()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    try TimerDropIns(schedule: schedule(morning: "06:00", evening: "21:00", zone: nil), configPath: "c").write(into: folder)
    try TimerDropIns(schedule: schedule(morning: "07:15", evening: "21:00", zone: "Europe/Berlin"), configPath: "c").write(into: folder)
    let morning = try String(contentsOfFile: folder + "/vigor-morning.timer.d/10-schedule.conf", encoding: .utf8)
    #expect(morning.contains("OnCalendar=*-*-* 07:15:00 Europe/Berlin"))
    #expect(try FileManager.default.contentsOfDirectory(atPath: folder + "/vigor-morning.timer.d") == ["10-schedule.conf"])
}

@Test(.removesScratchFolders) func aDropInFolderPlantedAsALinkIsNotFollowed() throws {
    let folder = try scratchFolder()
    let elsewhere = try scratchFolder()
    defer {
        try? FileManager.default.removeItem(atPath: folder)
        try? FileManager.default.removeItem(atPath: elsewhere)
    }
    #expect(symlink(elsewhere, folder + "/vigor-morning.timer.d") == 0)
    #expect(throws: TimerDropInError.self) {
        try TimerDropIns(schedule: schedule(morning: "06:00", evening: "21:00", zone: nil), configPath: "c").write(into: folder)
    }
    #expect(try FileManager.default.contentsOfDirectory(atPath: elsewhere).isEmpty)
}
