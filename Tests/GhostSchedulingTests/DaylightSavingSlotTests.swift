import CivilCalendar
import Foundation
import GhostEngine
import Testing
import GhostScheduling

@Suite struct DaylightSavingSlotTests {
    @Test func slotOnTheTwentyThreeHourDayKeepsItsLocalTime() throws {
        #expect(try Week.berlin.length(of: Week.springForward) == 82_800)
        let slots = try Week.finder().feasibleSlots(on: Week.springForward, request: SlotRequest(firstDay: Week.springForward))
        let first = try #require(slots.first)
        #expect(first.localStart == TimeOfDay(hour: 9))
        // 09:00 CEST is 07:00 UTC; the block is still 45 minutes of real time.
        #expect(first.start == Date(timeIntervalSince1970: 1_774_767_600))
        #expect(first.end.timeIntervalSince(first.start) == 2700)
    }

    @Test func slotOnTheTwentyFiveHourDayKeepsItsLocalTime() throws {
        #expect(try Week.berlin.length(of: Week.fallBack) == 90_000)
        let slots = try Week.finder().feasibleSlots(on: Week.fallBack, request: SlotRequest(firstDay: Week.fallBack))
        let first = try #require(slots.first)
        #expect(first.localStart == TimeOfDay(hour: 9))
        // 09:00 CET is 08:00 UTC.
        #expect(first.start == Date(timeIntervalSince1970: 1_792_915_200))
    }

    @Test func nonexistentLocalTimesAreNeverOffered() throws {
        // Weekend mornings are sacred by default; free them to reach the 02:00–03:00 gap.
        var rules = SchedulingRules.standard
        rules.sacred.weekendMorningUntil = TimeOfDay(hour: 0)
        let settings = TrainingSettings(durationMinutes: 30, earliest: TimeOfDay(hour: 1), latest: TimeOfDay(hour: 4))
        let slots = try Week.finder(settings, rules: rules).slots(
            on: Week.springForward, request: SlotRequest(firstDay: Week.springForward))
        // 02:00–02:59 does not exist. 01:45 CET + 30 minutes ends at 03:15 CEST, inside the 04:00 limit.
        #expect(Week.starts(slots) == ["01:00", "01:15", "01:30", "01:45", "03:00", "03:15", "03:30"])
    }

    @Test func busyIntervalAcrossTheRepeatedHourIsRespected() throws {
        let settings = TrainingSettings(durationMinutes: 30, earliest: TimeOfDay(hour: 9), latest: TimeOfDay(hour: 11))
        let busy = BusyInterval(start: try Week.at(Week.fallBack, 9), end: try Week.at(Week.fallBack, 10, 20))
        let slots = try Week.finder(settings).feasibleSlots(
            on: Week.fallBack, request: SlotRequest(firstDay: Week.fallBack, busy: [busy]))
        #expect(Week.starts(slots).first == "10:30")
    }
}
