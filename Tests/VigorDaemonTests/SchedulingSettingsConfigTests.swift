import CivilCalendar
import Foundation
import TestPrograms
import GhostEngine
import GhostScheduling
import Testing
import VigorRPC

@testable import VigorDaemon
@testable import VigorConfig

/// `[training]`'s scheduling keys and the scheduling groups of `[engine]`: read, checked with file, line and a
/// suggestion, applied on reload, and shown with their sources by `daemon.config`.
@Suite(.removesScratchFolders) struct SchedulingSettingsConfigTests {
    @Test func trainingSchedulingKeysAreRead() throws {
        let config = try parseConfig("""
            [training]
            earliest = "06:30"
            latest = "20:00"
            rest_days = ["Sat", "sunday", "WED", "thurs"]
            buffer_before_minutes = 15
            buffer_after_minutes = 5
            min_hours_between_sessions = 20
            lunch_allowed = true
            """)
        #expect(config.training.earliest == TimeOfDay(hour: 6, minute: 30))
        #expect(config.training.latest == TimeOfDay(hour: 20, minute: 0))
        #expect(config.training.restDays == [1, 4, 5, 7])
        #expect(config.training.bufferBeforeMinutes == 15)
        #expect(config.training.bufferAfterMinutes == 5)
        #expect(config.training.minHoursBetweenSessions == 20)
        #expect(config.schedulingRules.sacred.lunchOptIn)
        let settings = config.training.slotSettings
        #expect(settings.restDays == [1, 4, 5, 7])
        #expect(settings.earliest == TimeOfDay(hour: 6, minute: 30))
    }

    @Test func aMisspelledTrainingKeyNamesItsLineAndTheKeyMeant() throws {
        let error = try #require(configFailure("[training]\nsessions_per_week = 3\nrest_day = [\"sat\"]\n"))
        #expect(error.line == 3)
        #expect(error.key == "training.rest_day")
        #expect(error.message.contains("did you mean 'rest_days'?"))
    }

    @Test func anUnknownWeekdayIsRefusedWithTheDayMeant() throws {
        let error = try #require(configFailure("[training]\nrest_days = [\"saturday\", \"sundy\"]\n"))
        #expect(error.line == 2)
        #expect(error.message.contains("'sundy' is not a weekday (did you mean \"sunday\"?)"))
        #expect(configFailure("[training]\nrest_days = [7]\n")?.message.contains("weekday name") == true)
    }

    @Test func earliestAndLatestMustFitOneSession() throws {
        let error = try #require(configFailure("[training]\nduration_minutes = 60\nearliest = \"20:30\"\n"))
        #expect(error.line == 3)
        #expect(error.message.contains("must fit one 60-minute session"))
        #expect(configFailure("[training]\nlatest = \"25:00\"\n")?.message.contains("HH:MM") == true)
        let outside = try #require(configFailure("[training]\nearliest = \"10:00\"\npreferred = [\"07:00-09:00\"]\n"))
        #expect(outside.line == 3)
        #expect(outside.message.contains("the window 07:00-09:00 lies outside earliest 10:00 to latest 21:00"))
        #expect(try parseConfig("[training]\nearliest = \"10:00\"\n").training.earliest == TimeOfDay(hour: 10, minute: 0))
    }

    @Test func restingEveryDayWhileAskingForSessionsIsRefused() throws {
        let everyDay = #"["mon", "tue", "wed", "thu", "fri", "sat", "sun"]"#
        #expect(configFailure("[training]\nrest_days = \(everyDay)\n")?.message.contains("leaves no day to train") == true)
        #expect(try parseConfig("[training]\nsessions_per_week = 0\nrest_days = \(everyDay)\n").training.restDays.count == 7)
    }

    @Test func outOfRangeBuffersAndGapsAreRefused() throws {
        #expect(configFailure("[training]\nbuffer_before_minutes = -5\n")?.message.contains("0…240") == true)
        #expect(configFailure("[training]\nbuffer_after_minutes = 500\n")?.message.contains("0…240") == true)
        #expect(configFailure("[training]\nmin_hours_between_sessions = 100\n")?.message.contains("0…72") == true)
        #expect(configFailure("[training]\nlunch_allowed = \"yes\"\n")?.message.contains("true or false") == true)
    }

    @Test func schedulingRuleGroupsAreReadInEitherSpelling() throws {
        let config = try parseConfig("""
            [engine.slots]
            step_minutes = 5
            [engine.sacred]
            weekendMorningUntil = "08:00"
            lunch = "12:30-13:15"
            protected_categories = ["family", "Climbing"]
            [engine.travel]
            keywords = ["flight", "conference"]
            far_distance_kilometres = 50
            [engine.transformation]
            hrv_crash_margin = 0.3
            minimum_sleep_minutes = 270
            recovery_walk_minutes = 20
            [engine.patterns]
            typical_meeting_hours = 4
            [engine.breaker]
            consecutive_deletions = 4
            """)
        let rules = config.schedulingRules
        #expect(rules.slots.stepMinutes == 5)
        #expect(rules.sacred.weekendMorningUntil == TimeOfDay(hour: 8))
        #expect(rules.sacred.lunch == TimeWindow(from: TimeOfDay(hour: 12, minute: 30), to: TimeOfDay(hour: 13, minute: 15)))
        #expect(rules.sacred.protectedCategories == ["family", "Climbing"])
        #expect(rules.travel.keywords == ["flight", "conference"])
        #expect(rules.travel.farDistanceKilometres == 50)
        #expect(rules.transformation.hrvCrashMargin == 0.3)
        #expect(rules.transformation.minimumSleepMinutes == 270)
        #expect(rules.transformation.recoveryWalkMinutes == 20)
        #expect(rules.patterns.typicalMeetingHours == 4)
        #expect(rules.recovery == .standard)
        #expect(config.engineRules.breaker.consecutiveDeletions == 4)
        #expect(try parseConfig("[engine.breaker]\ndrop_to = \"observer\"\n").engineRules.breaker.dropTo == .observer)
    }

    @Test func aMisspelledSchedulingRuleNamesItsLineAndTheRuleMeant() throws {
        let error = try #require(configFailure("[engine.slots]\nstep_minutes = 5\nstep_minuts = 10\n"))
        #expect(error.line == 3)
        #expect(error.key == "engine.slots.step_minuts")
        #expect(error.message.contains("did you mean 'step_minutes'?"))
        #expect(configFailure("[engine.slots]\nstepMinuts = 10\n")?.message.contains("did you mean 'stepMinutes'?") == true)
        #expect(configFailure("[engine.slot]\nstep_minutes = 5\n")?.message.contains("did you mean 'slots'?") == true)
    }

    @Test func badTimesAndWordListsNameTheirLine() throws {
        let time = try #require(configFailure("[engine.sacred]\n\nweekend_morning_until = \"9am\"\n"))
        #expect(time.line == 3)
        #expect(time.message.contains("\"HH:MM\""))
        #expect(configFailure("[engine.sacred]\nlunch = \"13:00-12:00\"\n")?.message.contains("start before end") == true)
        let words = try #require(configFailure("[engine.travel]\nkeywords = \"flight\"\n"))
        #expect(words.line == 2)
        #expect(words.message.contains("array of strings"))
        #expect(configFailure("[engine.travel]\nkeywords = [\"flight\", \"\"]\n")?.message.contains("item 2 must be") == true)
    }

    @Test func aRuleThatCannotWorkIsRefusedOnItsLineInTheFilesSpelling() throws {
        let margin = try #require(configFailure("[engine.transformation]\nhrv_crash_margin = 1.5\n"))
        #expect(margin.line == 2 && margin.key == "engine.transformation.hrv_crash_margin")
        #expect(margin.message == "must be within 0…1, is 1.5")
        let step = try #require(configFailure("[engine.slots]\nstepMinutes = 0\n"))
        #expect(step.line == 2 && step.key == "engine.slots.stepMinutes")
        let prior = try #require(configFailure("[engine.patterns]\nprior_completions = 0\n"))
        #expect(prior.key == "engine.patterns.prior_completions" && prior.message == "must be above 0, is 0.0")
        let breaker = try #require(configFailure("[engine.breaker]\nconsecutive_deletions = 0\n"))
        #expect(breaker.line == 2 && breaker.key == "engine.breaker.consecutive_deletions")
    }

    @Test func oneKeyOfANestedRuleTableKeepsTheTablesOtherDefaults() throws {
        let config = try parseConfig("[engine.trust.to_scheduler]\nmin_score = 0.06\n")
        #expect(config.engineRules.trust.toScheduler.minScore == 0.06)
        #expect(config.engineRules.trust.toScheduler.minDaysInPreviousPhase == EngineRules.standard.trust.toScheduler.minDaysInPreviousPhase)
        #expect(config.engineRules.trust.toFullGhost == EngineRules.standard.trust.toFullGhost)
    }

    @Test func eachSettingHasOnePlace() throws {
        let lunch = try #require(configFailure("[engine.sacred]\nlunch_opt_in = true\n"))
        #expect(lunch.line == 2)
        #expect(lunch.message.contains("[training] lunch_allowed"))
        let recovery = try #require(configFailure("[engine.recovery]\nhrv_weight = 0.5\n"))
        #expect(recovery.message.contains("unknown engine rule"))
    }

    @Test func reloadAppliesNewSettingsAndARefusedFileKeepsThem() async throws {
        let path = try ScratchFolder.make("settings-reload") + "/settings-reload.toml"
        try "[training]\nrest_days = [\"sat\"]\n".write(toFile: path, atomically: true, encoding: .utf8)
        let context = try makeTestContext(config: DaemonConfig(), now: try TestNow.instant, configPath: path, origin: .file)
        #expect(await context.backend.reload(at: context.now()).ok)
        #expect(await context.state.config.training.restDays == [7])
        try "[training]\nrest_days = [\"sat\", \"sun\"]\n[engine.travel]\nfar_distance_kilometres = 60\n"
            .write(toFile: path, atomically: true, encoding: .utf8)
        #expect(await context.backend.reload(at: context.now()).ok)
        #expect(await context.state.config.training.restDays == [1, 7])
        #expect(await context.state.config.schedulingRules.travel.farDistanceKilometres == 60)
        try "[training]\nrest_days = [\"funday\"]\n".write(toFile: path, atomically: true, encoding: .utf8)
        let refused = await context.backend.reload(at: context.now())
        #expect(!refused.ok)
        #expect(refused.error?.contains("\(path):2: key 'training.rest_days'") == true)
        #expect(await context.state.config.training.restDays == [1, 7])
        #expect(await context.state.config.schedulingRules.travel.farDistanceKilometres == 60)
    }

    @Test func theEffectiveConfigurationNamesTheLineOfEverySetKey() async throws {
        let path = try ScratchFolder.make("settings-show") + "/settings-show.toml"
        try "[training]\nrest_days = [\"sat\"]\n\n[engine.sacred]\nlunch = \"12:30-13:30\"\n\n[engine.ghostHealth]\ndegradedAfterFailures = 3\n"
            .write(toFile: path, atomically: true, encoding: .utf8)
        let context = try makeTestContext(config: DaemonConfig(), now: try TestNow.instant, configPath: path, origin: .file)
        #expect(await context.backend.reload(at: context.now()).ok)
        let shown = try await LocalAPI(context).serveConfigShow(NoParams())
        func key(_ table: String, _ name: String) -> EffectiveConfig.Key? {
            shown.tables.first { $0.name == table }?.keys.first { $0.key == name }
        }
        #expect(key("training", "rest_days") == EffectiveConfig.Key(key: "rest_days", value: #"["saturday"]"#, source: "\(path):2"))
        #expect(key("training", "latest") == EffectiveConfig.Key(key: "latest", value: #""21:00""#, source: "default"))
        #expect(key("training", "lunch_allowed")?.source == "default")
        #expect(key("engine.sacred", "lunch") == EffectiveConfig.Key(key: "lunch", value: #""12:30-13:30""#, source: "\(path):5"))
        #expect(key("engine.sacred", "weekend_morning_until")?.value == #""09:00""#)
        #expect(key("engine.sacred", "lunch_opt_in") == nil)
        #expect(key("engine.breaker", "consecutive_deletions")?.source == "default")
        #expect(shown.tables.contains { $0.name == "engine.recovery" } == false)
        #expect(key("engine.breaker", "drop_to")?.value == #""scheduler""#)
        #expect(key("engine.ghost_health", "degraded_after_failures") == EffectiveConfig.Key(
            key: "degraded_after_failures", value: "3", source: "\(path):8"))
        #expect(key("engine.ghost_health", "safe_mode_after_failures")?.source == "default")
    }
}
