import CivilCalendar
import Foundation
import GhostEngine
import Testing
import GhostScheduling

@Suite struct SlotFinderTests {
    @Test func emptyWeekdayTakesTheEarliestPreferredStart() throws {
        let plan = try Week.finder().planWeek(SlotRequest(firstDay: Week.monday, days: 1))
        let block = try #require(plan.block(on: Week.monday))
        #expect(block.chosen.localStart == TimeOfDay(hour: 7))
        #expect(block.chosen.start == (try Week.at(0, 7)))
        // 0.5 × 1 (preferred) + 0.3 × 0.5 (no history) + 0.2 × (1 − 0.5) (no prediction)
        #expect(abs(block.chosen.score - 0.75) < 1e-9)
        #expect(Week.starts(block.alternatives) == ["07:15", "07:30", "07:45"])
        #expect(block.autonomy == .engineDecides)
    }

    @Test func blockMayStartExactlyAtTheBufferEdge() throws {
        let request = SlotRequest(firstDay: Week.monday, days: 1, busy: [try Week.busy(0, (6, 0), (6, 50))])
        let slots = try Week.finder().feasibleSlots(on: Week.monday, request: request)
        #expect(slots.first?.localStart == TimeOfDay(hour: 7))
    }

    @Test func blockOneMinuteInsideTheBufferBeforeMovesToTheNextStep() throws {
        let request = SlotRequest(firstDay: Week.monday, days: 1, busy: [try Week.busy(0, (6, 0), (6, 51))])
        let slots = try Week.finder().feasibleSlots(on: Week.monday, request: request)
        #expect(slots.first?.localStart == TimeOfDay(hour: 7, minute: 15))
        #expect(!Week.starts(slots).contains("07:00"))
    }

    @Test func blockMayEndExactlyAtTheBufferBeforeTheNextMeeting() throws {
        // 07:00–07:45 plus 10 minutes ends at 07:55, exactly when the meeting starts.
        let request = SlotRequest(firstDay: Week.monday, days: 1, busy: [try Week.busy(0, (7, 55), (8, 30))])
        let slots = try Week.finder().feasibleSlots(on: Week.monday, request: request)
        #expect(slots.first?.localStart == TimeOfDay(hour: 7))
    }

    @Test func blockNeverOverlapsAMeetingBuffer() throws {
        // The meeting at 07:54 is one minute inside the after-buffer of 07:00, and it blocks the whole preferred
        // window: the best is then the earliest non-preferred start, 06:00 (score 0.25, tie with 08:45 → earlier).
        let request = SlotRequest(firstDay: Week.monday, days: 1, busy: [try Week.busy(0, (7, 54), (8, 30))])
        let slots = try Week.finder().feasibleSlots(on: Week.monday, request: request)
        #expect(slots.first?.localStart == TimeOfDay(hour: 6))
        #expect(abs((slots.first?.score ?? 0) - 0.25) < 1e-9)
        #expect(!Week.starts(slots).contains("07:00"))
        #expect(!Week.starts(slots).contains("08:30"))
        #expect(Week.starts(slots).contains("08:45"))
    }

    @Test func noBufferSettingAllowsBackToBack() throws {
        var settings = Week.morningSettings
        settings.bufferBeforeMinutes = 0
        let request = SlotRequest(firstDay: Week.monday, days: 1, busy: [try Week.busy(0, (6, 0), (7, 0))])
        let slots = try Week.finder(settings).feasibleSlots(on: Week.monday, request: request)
        #expect(slots.first?.localStart == TimeOfDay(hour: 7))
    }

    @Test func sessionNeverEndsAfterTheLatestTime() throws {
        let settings = TrainingSettings(durationMinutes: 60, earliest: TimeOfDay(hour: 19), latest: TimeOfDay(hour: 21))
        let slots = try Week.finder(settings).slots(on: Week.monday, request: SlotRequest(firstDay: Week.monday))
        #expect(Week.starts(slots) == ["19:00", "19:15", "19:30", "19:45", "20:00"])
    }

    @Test func unknownDayGetsAProposalAtMost() throws {
        let request = SlotRequest(firstDay: Week.monday, days: 2, unknownDays: [Week.monday])
        var settings = Week.morningSettings
        settings.sessionsPerWeek = 2
        let plan = try Week.finder(settings).planWeek(request)
        let monday = try #require(plan.block(on: Week.monday))
        let tuesday = try #require(plan.block(on: Week.monday.adding(days: 1)))
        #expect(monday.autonomy == .proposalOnly)
        #expect(monday.candidate(confidence: 0.9).confidence == 0)
        #expect(monday.alternativeCandidates(confidence: 0.9).allSatisfy { $0.confidence == 0 })
        #expect(tuesday.autonomy == .engineDecides)
        #expect(tuesday.candidate(confidence: 0.9).confidence == 0.9)
    }

    @Test func restAndTravelDaysGetNoBlock() throws {
        var settings = Week.morningSettings
        settings.restDays = [3]  // Tuesday
        settings.sessionsPerWeek = 7
        let request = SlotRequest(firstDay: Week.monday, days: 3, travelDays: [Week.monday.adding(days: 2)])
        let plan = try Week.finder(settings).planWeek(request)
        #expect(plan.blocks.map(\.chosen.day) == [Week.monday])
        #expect(plan.skippedDays == [
            SkippedDay(day: Week.monday.adding(days: 1), reason: .restDay),
            SkippedDay(day: Week.monday.adding(days: 2), reason: .travelDay),
        ])
    }

    @Test func dayWithNoFreeSlotIsSkipped() throws {
        let request = SlotRequest(firstDay: Week.monday, days: 1, busy: [try Week.busy(0, (5, 0), (22, 0))])
        let plan = try Week.finder().planWeek(request)
        #expect(plan.blocks.isEmpty)
        #expect(plan.skippedDays == [SkippedDay(day: Week.monday, reason: .noFreeSlot)])
    }

    @Test func weekSpreadsDaysThatScoreAlikeAndTakesTheEarliestOnTies() throws {
        // Weekdays score 0.75 at 07:00; weekend days only 0.25 (sacred until 09:00, outside the window). Days running
        // cost a little, so three alike weekdays are Monday, Wednesday and Friday: the earliest of the spread choices.
        let plan = try Week.finder().planWeek(SlotRequest(firstDay: Week.monday))
        #expect(plan.blocks.map(\.chosen.day) == [0, 2, 4].map { Week.monday.adding(days: $0) })
        #expect(plan.skippedDays.filter { $0.reason == .notChosen }.count == 4)
    }

    @Test func minimumGapSpreadsTheWeek() throws {
        var settings = Week.morningSettings
        settings.minHoursBetweenSessions = 40
        let plan = try Week.finder(settings).planWeek(SlotRequest(firstDay: Week.monday))
        #expect(plan.blocks.map(\.chosen.start) == [try Week.at(0, 7), try Week.at(2, 7), try Week.at(4, 7)])
    }

    @Test func gapOfExactlyTheMinimumIsAllowed() throws {
        var settings = Week.morningSettings
        settings.minHoursBetweenSessions = 24
        let plan = try Week.finder(settings).planWeek(SlotRequest(firstDay: Week.monday, days: 2))
        #expect(plan.blocks.count == 2)
        settings.minHoursBetweenSessions = 25
        #expect(try Week.finder(settings).planWeek(SlotRequest(firstDay: Week.monday, days: 2)).blocks.count == 1)
    }

    @Test func existingSessionsCountTowardsTheWeek() throws {
        let request = SlotRequest(firstDay: Week.monday, existingSessions: [try Week.at(0, 18)])
        let plan = try Week.finder().planWeek(request)
        // Two more sessions; Tuesday's preferred 07:00 is only 13 h after Monday 18:00 (< 16 h), so Tuesday's
        // candidate is a later slot that scores less; Wednesday and Friday score best without days running.
        #expect(plan.blocks.map(\.chosen.day) == [2, 4].map { Week.monday.adding(days: $0) })
        #expect(plan.skippedDays.first == SkippedDay(day: Week.monday, reason: .alreadyPlanned))
        #expect(plan.skippedDays.contains(SkippedDay(day: Week.monday.adding(days: 1), reason: .notChosen)))
    }

    @Test func learnedPreferenceAndSkipPredictionShiftTheChoice() throws {
        let settings = TrainingSettings(sessionsPerWeek: 1, durationMinutes: 45)
        let request = SlotRequest(
            firstDay: Week.monday, days: 2, slotPreferences: [SlotPreference(slot: SlotKey(weekday: 3, hour: 18), rate: 0.9)],
            skipPredictions: [DaySkipPrediction(day: Week.monday, probability: 0.1)])
        // Monday: 0.5×0.5 + 0.3×0.5 + 0.2×0.9 = 0.58; Tuesday 18:00: 0.25 + 0.27 + 0.1 = 0.62.
        let plan = try Week.finder(settings).planWeek(request)
        let block = try #require(plan.blocks.first)
        #expect(block.chosen.start == (try Week.at(1, 18)))
        #expect(abs(block.chosen.score - 0.62) < 1e-9)
        #expect(block.receiptInputs.map(\.value).prefix(2) == ["2026-03-03 18:00", "0.620"])
    }

    @Test func horizonOutsideTheRuleIsAnError() throws {
        #expect(throws: SchedulingError.invalidSetting(name: "days", problem: "must be within 1…14, is 15")) {
            try Week.finder().planWeek(SlotRequest(firstDay: Week.monday, days: 15))
        }
    }
}

@Suite struct PlannedBlockReceiptTests {
    @Test func receiptListsEachAlternativeWithItsScore() throws {
        let plan = try Week.finder().planWeek(SlotRequest(firstDay: Week.monday, days: 1))
        let block = try #require(plan.blocks.first)
        #expect(block.receiptAlternatives == [
            "2026-03-02 07:15 score 0.750", "2026-03-02 07:30 score 0.750", "2026-03-02 07:45 score 0.750",
        ])
        #expect(block.receiptInputs.map(\.name) == [
            "slotStart", "slotScore", "preferredWindow", "learnedPreference", "skipProbability", "autonomy",
        ])
        #expect(block.alternativeCandidates(confidence: 0.8).map(\.start) == block.alternatives.map(\.start))
    }
}
