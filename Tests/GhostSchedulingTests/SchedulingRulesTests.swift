import CivilCalendar
import Foundation
import GhostEngine
import Testing
import GhostScheduling

@Suite struct SchedulingRulesTests {
    @Test func partialConfigOverridesOnlyWhatItNames() throws {
        let json = #"{"slots":{"stepMinutes":5},"sacred":{"lunchOptIn":true},"recovery":{"version":2},"patterns":{}}"#
        let rules = try JSONDecoder().decode(SchedulingRules.self, from: Data(json.utf8))
        var expected = SchedulingRules.standard
        expected.slots.stepMinutes = 5
        expected.sacred.lunchOptIn = true
        expected.recovery.version = 2
        #expect(rules == expected)
        #expect(try JSONDecoder().decode(SchedulingRules.self, from: Data("{}".utf8)) == .standard)
    }

    @Test func everyGroupRoundTripsThroughJSON() throws {
        let data = try JSONEncoder().encode(SchedulingRules.standard)
        #expect(try JSONDecoder().decode(SchedulingRules.self, from: data) == .standard)
        #expect(try JSONDecoder().decode(TravelRules.self, from: Data(#"{"farZoneHours":5}"#.utf8)).farZoneHours == 5)
        #expect(try JSONDecoder().decode(TransformationRules.self, from: Data(#"{"minimumSleepMinutes":360}"#.utf8))
            .minimumSleepMinutes == 360)
    }

    @Test func defaultsAreValid() throws {
        try SchedulingRules.standard.validate()
    }

    @Test func rulesThatCannotWorkAreNamed() throws {
        var zeroStep = SchedulingRules.standard
        zeroStep.slots.stepMinutes = 0
        #expect(throws: SchedulingError.invalidSetting(name: "slots.stepMinutes", problem: "must be at least 1, is 0")) {
            try zeroStep.validate()
        }
        var weight = SchedulingRules.standard
        weight.slots.attendanceWeight = 1.5
        #expect(throws: SchedulingError.invalidSetting(name: "slots.attendanceWeight", problem: "must be within 0…1, is 1.5")) {
            try weight.validate()
        }
        var horizon = SchedulingRules.standard
        horizon.slots.maxHorizonDays = 15
        #expect(throws: SchedulingError.self) { try horizon.validate() }
        var prior = SchedulingRules.standard
        prior.patterns.priorSkips = 0
        #expect(throws: SchedulingError.self) { try prior.validate() }
    }

    @Test func settingsThatCannotProduceABlockAreNamed() throws {
        let tooLong = TrainingSettings(durationMinutes: 120, earliest: TimeOfDay(hour: 20), latest: TimeOfDay(hour: 21))
        #expect(throws: SchedulingError.invalidSetting(
            name: "earliest", problem: "to latest (20:00–21:00) must fit one 120-minute session")) { try tooLong.validate() }
        let exactFit = TrainingSettings(durationMinutes: 60, earliest: TimeOfDay(hour: 20), latest: TimeOfDay(hour: 21))
        try exactFit.validate()
        for bad in [
            TrainingSettings(sessionsPerWeek: -1), TrainingSettings(durationMinutes: 0),
            TrainingSettings(bufferBeforeMinutes: -5), TrainingSettings(restDays: [8]),
            TrainingSettings(preferredWindows: [TimeWindow(from: TimeOfDay(hour: 9), to: TimeOfDay(hour: 8))]),
        ] {
            #expect(throws: SchedulingError.self) { try SlotFinder(calendar: Week.berlin, settings: bad) }
        }
    }

    @Test func errorsHaveStableCodesAndSentences() throws {
        #expect(SchedulingError.invalidSetting(name: "x", problem: "is wrong").code == "invalid-setting")
        #expect(SchedulingError.calendar(.unknownTimeZone("Nowhere")).code == "unknown-time-zone")
        #expect(SchedulingError.slotNotSacred(SlotKey(weekday: 2, hour: 7)).code == "slot-not-sacred")
        #expect(SchedulingError.noRecoveryInputs(Week.monday).description
            == "No sleep, HRV or heart-rate value was given for 2026-03-02; training strain alone makes no recovery score.")
    }

    @Test func wallTimeReadsAsHoursAndMinutes() throws {
        #expect(TimeOfDay(hour: 7, minute: 5).description == "07:05")
        #expect(TimeOfDay(hour: 13, minute: 30).minuteOfDay == 810)
        #expect(!TimeOfDay(hour: 24).isValid)
    }
}

@Suite struct SlotRequestValidationTests {
    @Test func ratesOutsideZeroToOneAreNamed() throws {
        let nan = SlotRequest(firstDay: Week.monday, skipPredictions: [DaySkipPrediction(day: Week.monday, probability: .nan)])
        #expect(throws: SchedulingError.invalidSetting(name: "skipPredictions[0].probability", problem: "must be within 0…1, is nan")) {
            try Week.finder().planWeek(nan)
        }
        let high = SlotRequest(firstDay: Week.monday, slotPreferences: [SlotPreference(slot: SlotKey(weekday: 2, hour: 7), rate: 1.01)])
        #expect(throws: SchedulingError.invalidSetting(name: "slotPreferences[0].rate", problem: "must be within 0…1, is 1.01")) {
            try Week.finder().feasibleSlots(on: Week.monday, request: high)
        }
    }

    @Test func intervalsEndingBeforeTheyStartAreNamed() throws {
        let inverted = BusyInterval(start: try Week.at(0, 10), end: try Week.at(0, 9))
        #expect(throws: SchedulingError.invalidSetting(name: "busy[0]", problem: "ends before it starts")) {
            try Week.finder().moveLater(blockStart: try Week.at(0, 7), request: SlotRequest(firstDay: Week.monday, busy: [inverted]))
        }
        let event = PersonalEvent(start: try Week.at(0, 10), end: try Week.at(0, 9), category: "family", isRecurring: true)
        #expect(throws: SchedulingError.invalidSetting(name: "personalEvents[0]", problem: "ends before it starts")) {
            try Week.finder().planWeek(SlotRequest(firstDay: Week.monday, personalEvents: [event]))
        }
    }

    @Test func emptyIntervalIsAllowedAndBlocksNothing() throws {
        let empty = BusyInterval(start: try Week.at(0, 7, 20), end: try Week.at(0, 7, 20))
        let slots = try Week.finder().feasibleSlots(on: Week.monday, request: SlotRequest(firstDay: Week.monday, busy: [empty]))
        #expect(slots.first?.localStart == TimeOfDay(hour: 7))
    }

    @Test func negativeRecoveryWeightIsNamed() throws {
        var rules = SchedulingRules.standard
        rules.recovery.hrvWeight = -0.1
        #expect(throws: SchedulingError.invalidSetting(name: "recovery.hrvWeight", problem: "must be a number of at least 0, is -0.1")) {
            try rules.validate()
        }
    }
}
