import CivilCalendar
import Foundation
import GhostEngine
import Testing
import GhostScheduling

/// Hand-built weeks like the issue's: meeting-dense days, a day with no free slot, a travel week, a DST week.
@Suite struct RealisticWeekTests {
    /// Mon–Fri stand-up 09:00–09:15 and a 12:00–17:00 meeting block; Tuesday also 07:00–08:30 and
    /// 17:30–20:00; Wednesday fully booked 07:00–21:00 (no free slot).
    private func denseWeek() throws -> [BusyInterval] {
        var busy: [BusyInterval] = []
        for offset in 0..<5 {
            busy.append(try Week.busy(offset, (9, 0), (9, 15)))
            busy.append(try Week.busy(offset, (12, 0), (17, 0)))
        }
        busy.append(try Week.busy(1, (7, 0), (8, 30)))
        busy.append(try Week.busy(1, (17, 30), (20, 0)))
        busy.append(try Week.busy(2, (7, 0), (21, 0)))
        return busy
    }

    @Test func meetingDenseWeekFitsAroundTheMeetings() throws {
        let settings = TrainingSettings(
            sessionsPerWeek: 5, durationMinutes: 45,
            preferredWindows: [TimeWindow(from: TimeOfDay(hour: 7), to: TimeOfDay(hour: 8, minute: 30))],
            earliest: TimeOfDay(hour: 7), latest: TimeOfDay(hour: 21), minHoursBetweenSessions: 16)
        let plan = try Week.finder(settings).planWeek(SlotRequest(firstDay: Week.monday, busy: try denseWeek()))
        // Mon/Thu/Fri 07:00 (preferred, 0.75). Tuesday: 07:00–08:30 busy, 08:40–09:25 hits the 09:00 stand-up;
        // the first free start is 09:30 (0.25). Wednesday has no free slot. Saturday/Sunday: 09:00 (0.25).
        // Five of these six: Mon, Thu, Fri (0.75 each) plus two of Tue, Sat, Sun (0.25 each): Saturday would be a
        // third day running after Thursday and Friday, so Tuesday and Sunday.
        #expect(plan.skippedDays.contains(SkippedDay(day: Week.monday.adding(days: 2), reason: .noFreeSlot)))
        let starts = plan.blocks.map { "\($0.chosen.day) \($0.chosen.localStart)" }
        #expect(starts == [
            "2026-03-02 07:00", "2026-03-03 09:30", "2026-03-05 07:00", "2026-03-06 07:00", "2026-03-08 09:00",
        ])
    }

    @Test func travelWeekPlansOnlyTheDaysAtHome() throws {
        let travel = try TravelDetector.travelDays(
            from: [.manualRange(from: Week.monday, to: Week.monday.adding(days: 3))], home: Week.berlin, rules: TravelRules())
        let plan = try Week.finder().planWeek(SlotRequest(firstDay: Week.monday, travelDays: travel.map(\.day)))
        // Mon–Thu away; Friday 07:00 (0.75) and the weekend at 09:00 (0.25) are all that is left.
        #expect(plan.blocks.map(\.chosen.start) == [try Week.at(4, 7), try Week.at(5, 9), try Week.at(6, 9)])
        #expect(plan.skippedDays.filter { $0.reason == .travelDay }.count == 4)
    }

    @Test func newYorkFallBackWeekKeepsLocalTimes() throws {
        let newYork = LocalCalendar(timeZone: TimeZone(identifier: "America/New_York") ?? .gmt)
        let thursday = LocalDay(year: 2026, month: 10, day: 29)
        let settings = TrainingSettings(
            sessionsPerWeek: 7, durationMinutes: 45,
            preferredWindows: [TimeWindow(from: TimeOfDay(hour: 18), to: TimeOfDay(hour: 20))], minHoursBetweenSessions: 0)
        let plan = try SlotFinder(calendar: newYork, settings: settings).planWeek(SlotRequest(firstDay: thursday))
        #expect(plan.blocks.count == 7)
        #expect(plan.blocks.allSatisfy { $0.chosen.localStart == TimeOfDay(hour: 18) })
        // Saturday 18:00 EDT is 22:00 UTC; Sunday (25 hours) 18:00 EST is 23:00 UTC: 25 hours apart.
        let saturday = plan.blocks[2].chosen.start
        let sunday = plan.blocks[3].chosen.start
        #expect(sunday.timeIntervalSince(saturday) == 25 * 3600)
    }
}
