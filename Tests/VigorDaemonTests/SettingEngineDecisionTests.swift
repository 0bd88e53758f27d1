import CivilCalendar
import Foundation
import GhostEngine
import GhostScheduling
import TestPrograms
import Testing

@testable import VigorDaemon
@testable import VigorConfig

/// `[engine.*]` keys whose effect a single evening cannot show (it needs a session history, a reverted rule, a
/// conflict on a placed block or a longer horizon): each is read from `config.toml` text by
/// the real configuration reader and handed to the engine part that decides (slot finder, "move later", morning
/// transformer), once with the default and once with the key set; the decision differs.
@Suite(.removesScratchFolders) struct SettingEngineDecisionTests {
    private let berlin = LocalCalendar(timeZone: TimeZone(identifier: "Europe/Berlin") ?? .gmt)
    /// Tuesday 2026-11-24 (UTC+1).
    private let tuesday = LocalDay(year: 2026, month: 11, day: 24)

    private func instant(_ text: String) throws -> Date {
        try #require(ISO8601DateFormatter().date(from: text))
    }

    /// The scheduling rules `toml` sets, as the configuration reader reads them.
    private func rules(_ toml: String) throws -> SchedulingRules {
        try ConfigLoader.parse("[schedule]\ntimezone = \"Europe/Berlin\"\n" + toml, file: "config.toml", baseDirectory: "/")
            .schedulingRules
    }

    /// The start of the best slot on Tuesday under `toml`, for a user with no preferred windows whose finished
    /// sessions are `history` (the slot finder learns from them as the evening does).
    private func bestTuesdayStart(_ toml: String, history: [SessionOutcome]) throws -> Date? {
        let rules = try rules(toml)
        let finder = try SlotFinder(calendar: berlin, settings: TrainingSettings(sessionsPerWeek: 7), rules: rules)
        let request = SlotRequest(
            firstDay: tuesday, days: 1, slotPreferences: OptimalWindows.preferences(history, rules: rules.patterns))
        return try finder.feasibleSlots(on: tuesday, request: request).first?.start
    }

    /// `count` finished Tuesday sessions at `hour`, `completed` of them done.
    private func sessions(at hour: Int, count: Int, completed: Int) -> [SessionOutcome] {
        (0..<count).map { SessionOutcome(slot: SlotKey(weekday: tuesday.weekday, hour: hour), completed: $0 < completed) }
    }

    // MARK: [engine.slots]

    /// Needs finished sessions, which one evening does not make: the slot finder learns from a given history.
    @Test func learnedPreferenceWeightDecidesHowMuchAGoodSlotHistoryCounts() throws {
        let doneAtEight = sessions(at: 8, count: 4, completed: 4)
        #expect(try bestTuesdayStart("", history: doneAtEight) == (try instant("2026-11-24T07:00:00Z")))
        #expect(try bestTuesdayStart("[engine.slots]\nlearned_preference_weight = 0\n", history: doneAtEight)
            == (try instant("2026-11-24T05:00:00Z")))
    }

    /// Needs a slot with history to weigh an unknown slot against: the slot finder learns from a given history.
    @Test func neutralFactorIsWhatASlotWithoutHistoryIsWorth() throws {
        // 08:00 was done twice: a completion rate of 0.75 beats an unknown slot's 0.5, but not one worth 0.8.
        let doneAtEight = sessions(at: 8, count: 2, completed: 2)
        #expect(try bestTuesdayStart("", history: doneAtEight) == (try instant("2026-11-24T07:00:00Z")))
        #expect(try bestTuesdayStart("[engine.slots]\nneutral_factor = 0.8\n", history: doneAtEight)
            == (try instant("2026-11-24T05:00:00Z")))
    }

    /// The evening always plans seven days, so at the cycle level this key only decides whether that week may be
    /// planned at all; here it bounds a longer week search.
    @Test func maxHorizonDaysBoundsHowFarTheWeekSearchMayLook() throws {
        let request = SlotRequest(firstDay: tuesday, days: 10)
        let standard = try SlotFinder(calendar: berlin, settings: TrainingSettings(), rules: try rules(""))
        // Three sessions in each training week the ten days touch: Tuesday to Sunday, and Monday to Thursday after.
        #expect(try standard.planWeek(request).blocks.count == 6)
        let short = try SlotFinder(calendar: berlin, settings: TrainingSettings(), rules: try rules("[engine.slots]\nmax_horizon_days = 7\n"))
        #expect(throws: SchedulingError.self) { try short.planWeek(request) }
    }

    /// A horizon shorter than the week the evening plans would leave every evening without a plan.
    @Test func maxHorizonDaysBelowAWeekIsRefused() {
        #expect(configFailure("[engine.slots]\nmax_horizon_days = 6\n")?.message.contains("must be within 7…14") == true)
    }

    /// "Move later" runs when a meeting lands on a placed block (the replanner), not in a cycle: the slot finder's
    /// `moveLater` is asked directly.
    @Test func moveSearchDaysDecidesHowFarMoveLaterLooks() throws {
        // A block on Tuesday 07:00; Tuesday to Saturday fill up, so the first free day is Sunday, five days later.
        let full = BusyInterval(
            start: try instant("2026-11-23T23:00:00Z"), end: try instant("2026-11-28T23:00:00Z"), causes: [BusyCause(source: "work", summary: "Offsite")])
        let request = SlotRequest(firstDay: tuesday, days: 1, busy: [full])
        let block = try instant("2026-11-24T06:00:00Z")
        func moved(_ toml: String) throws -> MoveOutcome {
            try SlotFinder(calendar: berlin, settings: TrainingSettings(), rules: try rules(toml)).moveLater(blockStart: block, request: request)
        }
        guard case .laterDay(let sunday) = try moved("") else {
            Issue.record("the default search should reach Sunday")
            return
        }
        #expect(sunday.chosen.day == LocalDay(year: 2026, month: 11, day: 29))
        #expect(try moved("[engine.slots]\nmove_search_days = 4\n") == .noRoom(searchedDays: 4))
    }

    // MARK: [engine.transformation]

    /// Whether the short-sleep rule still changes a block on its own under `toml` after the user kept `kept` and
    /// reverted `reverted` of its changes (false: it only suggests).
    private func shortSleepApplies(_ toml: String, kept: Int, reverted: Int) throws -> Bool {
        var feedback = TransformationFeedback()
        for _ in 0..<kept { feedback.record(.shortSleep, kept: true) }
        for _ in 0..<reverted { feedback.record(.shortSleep, kept: false) }
        let decision = MorningTransformer.decide(
            intensity: .heavy, durationMinutes: 45, signals: MorningSignals(lastNightSleepMinutes: 200),
            capabilities: TrustCapabilities(canTransform: true), rules: try rules(toml).transformation, feedback: feedback)
        switch decision {
        case .apply: return true
        case .suggest: return false
        case .keep:
            Issue.record("a 200-minute night should trigger the short-sleep rule")
            return false
        }
    }

    /// Needs reverted changes of one rule: the morning transformer is given the counted feedback.
    @Test func revertsBeforeSuggestingDecidesHowManyRevertsDemoteARule() throws {
        #expect(try shortSleepApplies("", kept: 0, reverted: 2))
        #expect(try !shortSleepApplies("[engine.transformation]\nreverts_before_suggesting = 2\n", kept: 0, reverted: 2))
    }

    /// Needs kept and reverted changes of one rule: the morning transformer is given the counted feedback.
    @Test func revertShareBeforeSuggestingDecidesWhichRevertRateDemotesARule() throws {
        // Three reverts and two kept: a revert rate of 4/7, above one half, below 0.6.
        #expect(try !shortSleepApplies("", kept: 2, reverted: 3))
        #expect(try shortSleepApplies("[engine.transformation]\nrevert_share_before_suggesting = 0.6\n", kept: 2, reverted: 3))
    }

    // MARK: [engine.patterns]

    /// 08:00 was done once; 10:00 eight times out of ten. By default the longer record wins (3/4 against 2/3).
    private var shortAgainstLongRecord: [SessionOutcome] {
        sessions(at: 8, count: 1, completed: 1) + sessions(at: 10, count: 10, completed: 8)
    }

    /// Without history the prior is the same for every slot and day, so it needs a history: given to the slot finder.
    @Test func priorSkipsDecidesHowMuchAShortRecordIsDoubted() throws {
        #expect(try bestTuesdayStart("", history: shortAgainstLongRecord) == (try instant("2026-11-24T09:00:00Z")))
        #expect(try bestTuesdayStart("[engine.patterns]\nprior_skips = 0.01\n", history: shortAgainstLongRecord)
            == (try instant("2026-11-24T07:00:00Z")))
    }

    /// Without history the prior is the same for every slot and day, so it needs a history: given to the slot finder.
    @Test func priorCompletionsDecidesHowMuchAShortRecordIsTrusted() throws {
        #expect(try bestTuesdayStart("", history: shortAgainstLongRecord) == (try instant("2026-11-24T09:00:00Z")))
        #expect(try bestTuesdayStart("[engine.patterns]\nprior_completions = 10\n", history: shortAgainstLongRecord)
            == (try instant("2026-11-24T07:00:00Z")))
    }
}
