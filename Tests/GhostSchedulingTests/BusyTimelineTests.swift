import CivilCalendar
import Foundation
import GhostEngine
import GhostScheduling
import Testing

/// Busy intervals are merged and clipped internally for speed; these pin the answers through the public finder.
@Suite struct BusyTimeMergingTests {
    /// 15-minute sessions on a 15-minute grid, no buffers, Monday 06:00–12:00.
    private let quarterHours = TrainingSettings(
        durationMinutes: 15, earliest: TimeOfDay(hour: 6), latest: TimeOfDay(hour: 12), bufferBeforeMinutes: 0,
        bufferAfterMinutes: 0)

    private func starts(_ busy: [BusyInterval]) throws -> [String] {
        Week.starts(try Week.finder(quarterHours).slots(on: Week.monday, request: SlotRequest(firstDay: Week.monday, busy: busy)))
    }

    @Test func touchingAndOverlappingIntervalsBlockExactlyTheirUnion() throws {
        let busy = [
            try Week.busy(0, (7, 30), (8, 0)), try Week.busy(0, (7, 0), (7, 30)), try Week.busy(0, (7, 40), (7, 50)),
            try Week.busy(0, (10, 5), (10, 20)),
        ]
        let free = try starts(busy)
        #expect(free.prefix(5) == ["06:00", "06:15", "06:30", "06:45", "08:00"])
        #expect(!free.contains("10:00") && !free.contains("10:15"))
        #expect(free.contains("09:45") && free.contains("10:30"))
        #expect(free.count == 24 - 4 - 2)
    }

    @Test func emptyIntervalIsNeverBusy() throws {
        let empty = BusyInterval(start: try Week.at(0, 9), end: try Week.at(0, 9))
        #expect(!empty.overlaps(from: try Week.at(0, 8), to: try Week.at(0, 10)))
        #expect(try starts([empty]).count == 24)
    }

    @Test func intervalsFromOtherDaysCountOnlyWhereTheyReach() throws {
        let overnight = BusyInterval(start: try Week.at(-1, 22), end: try Week.at(0, 6, 30))
        let nextWeek = try Week.busy(8, (6, 0), (12, 0))
        #expect(try starts([overnight, nextWeek]).first == "06:30")
        #expect(try starts([overnight, nextWeek]).count == 22)
    }
}
