import CivilCalendar
import ICalendarKit
import Foundation
import GhostEngine
import GhostScheduling
import TestPrograms
import Testing

@testable import VigorDaemon
@testable import VigorConfig

@Test(.removesScratchFolders) func emptyFileGivesTheDocumentedDefaults() throws {
    let config = try parseConfig("")
    #expect(config.schedule.morning == TimeOfDay(hour: 6, minute: 0))
    #expect(config.schedule.evening == TimeOfDay(hour: 21, minute: 0))
    #expect(config.schedule.timezone == nil)
    #expect(config.training.sessionsPerWeek == 3)
    #expect(config.training.durationMinutes == 45)
    #expect(config.calendar.sources.isEmpty)
    #expect(config.daemon.log == .auto)
}

@Test(.removesScratchFolders) func everyContractKeyIsRead() throws {
    let config = try parseConfig("""
        [daemon]
        socket = "/run/user/1000/vigor/v.sock"
        state_dir = "state"
        log = "stderr"
        log_level = "debug"

        [schedule]
        morning = "05:30"
        evening = "22:15"
        timezone = "Europe/Berlin"

        [[calendar.source]]
        name = "work"
        path = "~/cal/work.ics"

        [[calendar.source]]
        name = "holidays"
        url = "webcal://example.org/holidays.ics"
        all_day = "busy"

        [calendar.output]
        path = "/home/u/.local/share/vigor/calendars"

        [training]
        sessions_per_week = 4
        duration_minutes = 30
        preferred = ["07:00-09:00", "18:00-19:30"]
        """)
    #expect(config.daemon.socket == "/run/user/1000/vigor/v.sock")
    #expect(config.daemon.stateDir == "/etc/vigor/state")
    #expect(config.daemon.log == .stderr)
    #expect(config.daemon.logLevel == "debug")
    #expect(config.schedule.morning == TimeOfDay(hour: 5, minute: 30))
    #expect(config.schedule.evening == TimeOfDay(hour: 22, minute: 15))
    #expect(config.schedule.zone.identifier == "Europe/Berlin")
    #expect(config.calendar.sources.count == 2)
    #expect(config.calendar.sources[0].location == .path(NSHomeDirectory() + "/cal/work.ics"))
    #expect(config.calendar.sources[0].allDay == .free)
    #expect(config.calendar.sources[1].location == .url(URL(string: "webcal://example.org/holidays.ics")!))
    #expect(config.calendar.sources[1].allDay == .busy)
    #expect(config.calendar.outputPath == "/home/u/.local/share/vigor/calendars")
    #expect(config.training.sessionsPerWeek == 4)
    #expect(config.training.preferred.map(\.description) == ["07:00-09:00", "18:00-19:30"])
}

@Test(.removesScratchFolders) func unknownKeyIsNamedWithItsLineAndASuggestion() {
    let error = configFailure("""
        [schedule]
        morning = "06:00"
        evenning = "21:00"
        """)
    #expect(error?.line == 3)
    #expect(error?.key == "schedule.evenning")
    #expect(error?.message.contains("did you mean 'evening'") == true)
    #expect(error?.description.hasPrefix("config.toml:3: key 'schedule.evenning'") == true)
}

@Test(.removesScratchFolders) func aSourceWhoseAllDayEventsAreNeverBusySaysNeverBusy() throws {
    let config = try parseConfig("""
        [[calendar.source]]
        name = "holidays"
        url = "https://example.org/holidays.ics"
        all_day = "never-busy"
        """)
    #expect(config.calendar.sources[0].allDay == .neverBusy)
}

@Test(.removesScratchFolders) func aMisspelledAllDayValueIsNamedWithItsLineAndASuggestion() {
    let error = configFailure("""
        [[calendar.source]]
        name = "holidays"
        path = "/h.ics"
        all_day = "never busy"
        """)
    #expect(error?.line == 4)
    #expect(error?.key == "calendar.source[0].all_day")
    #expect(error?.message.contains(#"must be "free", "busy", "never-busy"; got 'never busy' (did you mean "never-busy"?)"#) == true,
            "\(error?.message ?? "no error")")
}

@Test(.removesScratchFolders) func unknownTableIsNamedWithItsLine() {
    let error = configFailure("""
        # a comment

        [shedule]
        morning = "06:00"
        """)
    #expect(error?.line == 3)
    #expect(error?.key == "shedule")
}

@Test(.removesScratchFolders) func wrongTypeIsNamedWithItsLine() {
    let error = configFailure("""
        [training]
        sessions_per_week = "three"
        """)
    #expect(error?.line == 2)
    #expect(error?.key == "training.sessions_per_week")
    #expect(error?.message.contains("must be an integer, got a string") == true)
}

@Test(.removesScratchFolders) func keyInTheSecondSourceIsNamedWithItsIndexAndLine() {
    let error = configFailure("""
        [[calendar.source]]
        name = "a"
        path = "/a.ics"

        [[calendar.source]]
        name = "b"
        paht = "/b.ics"
        """)
    #expect(error?.key == "calendar.source[1].paht")
    #expect(error?.line == 7)
}

@Test(.removesScratchFolders) func syntaxErrorNamesItsLine() {
    let error = configFailure("""
        [schedule]
        morning = "06:00
        """)
    #expect(error?.line == 2)
    #expect(error?.message.contains("TOML syntax error") == true)
}

@Test(.removesScratchFolders) func invalidValuesAreRefusedWithTheReason() {
    #expect(configFailure("[schedule]\nmorning = \"6am\"")?.key == "schedule.morning")
    #expect(configFailure("[schedule]\nmorning = \"24:00\"")?.key == "schedule.morning")
    #expect(configFailure("[schedule]\ntimezone = \"Mars/Olympus\"")?.key == "schedule.timezone")
    #expect(configFailure("[training]\npreferred = [\"09:00-07:00\"]")?.key == "training.preferred")
    #expect(configFailure("[training]\nduration_minutes = 0")?.key == "training.duration_minutes")
    #expect(configFailure("[daemon]\nlog = \"syslog\"")?.key == "daemon.log")
    #expect(configFailure("[[calendar.source]]\nname = \"a\"")?.message.contains("needs either path or url") == true)
    #expect(configFailure("[[calendar.source]]\nname = \"a\"\npath = \"/a\"\nurl = \"https://x.org/a.ics\"")?.key == "calendar.source[0].url")
    #expect(configFailure("[[calendar.source]]\nname = \"a\"\nurl = \"ftp://x.org/a.ics\"")?.key == "calendar.source[0].url")
    #expect(configFailure("[[calendar.source]]\nname = \"a\"\npath = \"/a\"\n[[calendar.source]]\nname = \"a\"\npath = \"/b\"")?.message.contains("used by another source") == true)
}

@Test(.removesScratchFolders) func missingDefaultFileGivesDefaultsButAMissingNamedFileIsAnError() throws {
    let missing = NSTemporaryDirectory() + "vigor-missing-\(UUID().uuidString).toml"
    let (config, origin) = try ConfigLoader.load(path: missing, mayBeMissing: true)
    #expect(origin == .defaults)
    #expect(config == DaemonConfig())
    #expect(throws: ConfigError.self) { try ConfigLoader.load(path: missing, mayBeMissing: false) }
}

@Test(.removesScratchFolders) func timeWindowNeedsStartBeforeEnd() {
    #expect(TimeWindow(parsing: "07:00-09:00") != nil)
    #expect(TimeWindow(parsing: "09:00-09:00") == nil)
    #expect(TimeWindow(parsing: "07:00") == nil)
}

@Test func aTimeIsReadWithOneDigitOfHourOrTwo() throws {
    #expect(TimeWindow(parsing: "6:30-8:30") == TimeWindow(parsing: "06:30-08:30"))
    #expect(TimeOfDay(parsing: "6:30") == TimeOfDay(hour: 6, minute: 30))
    for wrong in ["6:3", "+6:30", "630", "6:30pm", "24:00"] { #expect(TimeOfDay(parsing: wrong) == nil, "\(wrong)") }
    let config = try parseConfig("[training]\npreferred = [\"6:30-8:30\"]\n")
    #expect(config.training.preferred == [TimeWindow(from: TimeOfDay(hour: 6, minute: 30), to: TimeOfDay(hour: 8, minute: 30))])
    #expect(configFailure("[training]\npreferred = [\"6-8\"]\n")?.message.contains("e.g. \"06:30-08:30\" or \"6:30-8:30\"") == true)
    #expect(configFailure("[schedule]\nmorning = \"6h30\"\n")?.message.contains("e.g. 06:30 or 6:30") == true)
}

@Test(.removesScratchFolders) func engineRulesInSnakeCaseOverrideOnlyWhatTheyName() throws {
    let config = try parseConfig("[engine.breaker]\nconsecutive_deletions = 4\n\n[engine.trust]\nworkoutCompleted = 0.03\n")
    #expect(config.engineRules.breaker.consecutiveDeletions == 4)
    #expect(config.engineRules.trust.workoutCompleted == 0.03)
    #expect(config.engineRules.triage == EngineRules.standard.triage)
}

@Test(.removesScratchFolders) func anUnknownEngineRuleIsNamedWithItsLineAndASuggestion() {
    #expect {
        _ = try parseConfig("[schedule]\ntimezone = \"Europe/Berlin\"\n\n[engine.breaker]\nconsecutive_deletion = 4\n")
    } throws: { error in
        let message = "\(error)"
        return message.contains("config.toml:5:") && message.contains("engine.breaker.consecutive_deletion")
            && message.contains("did you mean 'consecutive_deletions'")
    }
}

@Test(.removesScratchFolders) func anEngineRuleThatCannotWorkIsRefused() {
    #expect {
        _ = try parseConfig("[engine.retention]\nblock_ledger_days = 0\n")
    } throws: { error in "\(error)".contains("engine") }
}

@Test(.removesScratchFolders) func anEngineRuleWithTheWrongTypeIsRefused() {
    #expect {
        _ = try parseConfig("[engine.breaker]\nconsecutive_deletions = \"three\"\n")
    } throws: { error in "\(error)".contains("must be a number") }
}

@Test(.removesScratchFolders) func theDaemonPutsTheConfiguredRulesInForceAndSavesThem() async throws {
    var config = DaemonConfig()
    config.engineRules.breaker.consecutiveDeletions = 5
    let context = try makeTestContext(config: config, now: Date(timeIntervalSince1970: 1_795_341_600))
    #expect(try await context.ghost.adopt(rules: config.engineRules, at: Date(timeIntervalSince1970: 1_795_341_600)))
    #expect(await context.ghost.current.rules.breaker.consecutiveDeletions == 5)
    let saved = try #require(try context.database.ghostState(as: Ghost.self))
    #expect(saved.rules.breaker.consecutiveDeletions == 5)
    #expect(try await !context.ghost.adopt(rules: config.engineRules, at: Date(timeIntervalSince1970: 1_795_341_700)))
}

@Test(.removesScratchFolders) func homeIsALatitudeAndLongitude() throws {
    let config = try parseConfig("[schedule]\nhome = \"52.52, 13.405\"\n")
    #expect(config.schedule.home == GeoPosition(latitude: 52.52, longitude: 13.405))
    #expect(try parseConfig("").schedule.home == nil)
}

@Test(.removesScratchFolders) func aHomeThatIsNotAPlaceIsRefusedWithTheExpectedForm() {
    let error = configFailure("[schedule]\nhome = \"Berlin\"\n")
    #expect(error?.key == "schedule.home")
    #expect(error?.message.contains("must be \"latitude, longitude\"") == true)
    #expect(configFailure("[schedule]\nhome = \"95, 13\"\n")?.key == "schedule.home")
}

@Test(.removesScratchFolders) func notifySettingsAreReadWithTheirDefaultsKept() throws {
    let config = try parseConfig("""
        [notify]
        quiet_hours = "22:00-06:30"
        command = ["ntfy", "publish", "mytopic"]
        """)
    #expect(config.notify.rules.quietFrom == TimeOfDay(hour: 22, minute: 0))
    #expect(config.notify.rules.quietUntil == TimeOfDay(hour: 6, minute: 30))
    #expect(config.notify.rules.dailyBudget == 1)
    #expect(config.notify.command == ["ntfy", "publish", "mytopic"])
    #expect(config.notify.desktop)
    #expect(try parseConfig("[notify]\ndesktop = false\n").notify.desktop == false)
    #expect(configFailure("[notify]\ndesktop = \"no\"\n")?.message.contains("must be true or false") == true)
}

@Test(.removesScratchFolders) func badQuietHoursAreNamedWithTheirLine() {
    let error = configFailure("""
        [notify]
        daily_budget = 1
        quiet_hours = "late"
        """)
    #expect(error?.line == 3)
    #expect(error?.key == "notify.quiet_hours")
    #expect(error?.message.hasPrefix("must be \"HH:MM-HH:MM\"") == true)
}

@Test(.removesScratchFolders) func blocksRemindTenMinutesAheadUnlessTheConfigurationSaysOtherwise() throws {
    #expect(try parseConfig("").calendar.alarmMinutes == 10)
    #expect(try parseConfig("[calendar.output]\nalarm_minutes = 30").calendar.alarmMinutes == 30)
    #expect(try parseConfig("[calendar.output]\nalarm_minutes = 0").calendar.alarmMinutes == 0)
    #expect(try parseConfig("[calendar.output]\nalarm_minutes = false").calendar.alarmMinutes == nil)
}

@Test(.removesScratchFolders) func aReminderOutsideItsRangeOrOfAnotherTypeIsRefusedWithItsLine() {
    for value in ["1441", "-5", "true", "\"10\"", "10.5"] {
        let error = configFailure("[calendar.output]\npath = \"/c\"\nalarm_minutes = \(value)")
        #expect(error?.key == "calendar.output.alarm_minutes", "\(value)")
        #expect(error?.line == 3, "\(value)")
        #expect(error?.message.contains("0…1440) or false") == true, "\(value)")
    }
}

@Test(.removesScratchFolders) func theShadowCalendarIsReadWithItsSummary() throws {
    let config = try parseConfig("[calendar.shadow]\npath = \"busy\"\nsummary = \"Out of office\"")
    #expect(config.calendar.shadow == ShadowCalendar(path: "/etc/vigor/busy", summary: "Out of office"))
    #expect(try parseConfig("[calendar.shadow]\npath = \"~/busy\"").calendar.shadow == ShadowCalendar(path: NSHomeDirectory() + "/busy"))
    #expect(try parseConfig("").calendar.shadow == nil)
}

@Test(.removesScratchFolders) func aShadowCalendarWithoutAFolderOrWithABadSummaryIsRefused() {
    #expect(configFailure("[calendar.shadow]\nsummary = \"Busy\"")?.key == "calendar.shadow.path")
    #expect(configFailure("[calendar.shadow]\npath = \"/b\"\nsummary = \"  \"")?.key == "calendar.shadow.summary")
    #expect(configFailure("[calendar.shadow]\npath = \"/b\"\nsummary = \"Busy\\nreally\"")?.key == "calendar.shadow.summary")
    #expect(configFailure("[calendar.shadow]\npath = \"/b\"\ncolour = \"red\"")?.key == "calendar.shadow.colour")
}

@Test(.removesScratchFolders) func heldTimeIsDefendedSeventyTwoHoursAheadOrBelowNinetyFreeMinutesUnlessTheFileSaysOtherwise() throws {
    #expect(try parseConfig("").calendar.hold == HoldSettings(defendHours: 72, defendWhenFreeBelowMinutes: 90))
    let config = try parseConfig("[calendar.hold]\ndefend_hours = 48\ndefend_when_free_below_minutes = 0")
    #expect(config.calendar.hold == HoldSettings(defendHours: 48, defendWhenFreeBelowMinutes: 0))
}

@Test(.removesScratchFolders) func aHoldSettingOutsideItsRangeOrOfAnotherTypeIsRefusedWithItsLine() {
    for (key, value) in [("defend_hours", "169"), ("defend_hours", "-1"), ("defend_hours", "\"72\""),
                         ("defend_when_free_below_minutes", "1441"), ("defend_when_free_below_minutes", "true")] {
        let error = configFailure("[calendar.hold]\n\n\(key) = \(value)")
        #expect(error?.key == "calendar.hold.\(key)", "\(key) = \(value)")
        #expect(error?.line == 3, "\(key) = \(value)")
    }
    #expect(configFailure("[calendar.hold]\ndefend_minutes = 30")?.key == "calendar.hold.defend_minutes")
}
