import CivilCalendar
import Foundation
import GhostEngine
import GhostScheduling
import Testing

/// A realistic calendar history (5 000 busy intervals around the week) still gives a full, clean plan.
/// Tests assert behaviour, not time.
@Suite struct SlotFinderLoadTests {
    /// 5 000 seeded intervals over the year around the planned week (5–60 minutes, starts 05:00–21:59).
    static func busyYear(spreadDays: Int = 365) throws -> [BusyInterval] {
        var random = SplitMix64(seed: 5000)
        return try (0..<5000).map { _ in
            let day = Week.monday.adding(days: Int(random.next() % UInt64(spreadDays)) - spreadDays / 2)
            let start = try Week.berlin.date(on: day, hour: 5 + Int(random.next() % 17), minute: Int(random.next() % 60))
            return BusyInterval(start: start, end: start.addingTimeInterval(Double(5 + random.next() % 56) * 60))
        }
    }

    @Test func weekAgainstFiveThousandBusyIntervalsPlacesEverySessionClearOfThem() throws {
        let busy = try Self.busyYear()
        let finder = try SlotFinder(calendar: Week.berlin, settings: TrainingSettings(earliest: TimeOfDay(hour: 5), latest: TimeOfDay(hour: 23)))
        let plan = try finder.planWeek(SlotRequest(firstDay: Week.monday, busy: busy))
        #expect(plan.blocks.count == 3)
        #expect(plan.blocks.allSatisfy { block in
            !busy.contains { $0.overlaps(from: block.chosen.start.addingTimeInterval(-600), to: block.chosen.end.addingTimeInterval(600)) }
        })
    }

    @Test func weekBuriedUnderFiveThousandIntervalsSkipsEveryDay() throws {
        let busy = try Self.busyYear(spreadDays: 7).map {
            BusyInterval(start: $0.start.addingTimeInterval(3 * 86_400), end: $0.end.addingTimeInterval(3 * 86_400))
        }
        let plan = try SlotFinder(calendar: Week.berlin, settings: TrainingSettings()).planWeek(SlotRequest(firstDay: Week.monday, busy: busy))
        #expect(plan.blocks.count < 3)
    }
}
