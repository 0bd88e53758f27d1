import CivilCalendar
import Foundation
import TestPrograms
import Testing

@testable import VigorDaemon

private func instant(_ text: String) throws -> Date {
    try #require(ISO8601DateFormatter().date(from: text))
}

private let berlin = TimeZone(identifier: "Europe/Berlin")!

@Test(.removesScratchFolders) func morningCycleIsLaterTodayOrTomorrow() throws {
    let six = TimeOfDay(hour: 6, minute: 0)
    #expect(CycleTimes.next(six, after: try instant("2026-11-22T04:00:00Z"), in: berlin) == (try instant("2026-11-22T05:00:00Z")))
    #expect(CycleTimes.next(six, after: try instant("2026-11-22T05:00:00Z"), in: berlin) == (try instant("2026-11-23T05:00:00Z")))
}

@Test(.removesScratchFolders) func cycleKeepsItsWallTimeAcrossSpringForward() throws {
    // 2026-03-29 has 23 hours in Berlin: 06:00 is 04:00Z, the day before it was 05:00Z.
    let six = TimeOfDay(hour: 6, minute: 0)
    #expect(CycleTimes.next(six, after: try instant("2026-03-28T12:00:00Z"), in: berlin) == (try instant("2026-03-29T04:00:00Z")))
}

@Test(.removesScratchFolders) func cycleInTheSpringForwardGapRunsRightAfterTheGap() throws {
    // 02:30 does not exist on 2026-03-29 in Berlin; 03:00 CEST (01:00Z) is the first valid instant after it.
    let halfPastTwo = TimeOfDay(hour: 2, minute: 30)
    let next = CycleTimes.next(halfPastTwo, after: try instant("2026-03-28T12:00:00Z"), in: berlin)
    #expect(next > (try instant("2026-03-29T00:59:59Z")))
    #expect(next <= (try instant("2026-03-29T01:30:00Z")))
}

@Test(.removesScratchFolders) func repeatedHourOnFallBackRunsOnceAtTheFirstOccurrence() throws {
    // 02:30 happens twice on 2026-10-25 in Berlin: first at 00:30Z (CEST), again at 01:30Z (CET).
    let halfPastTwo = TimeOfDay(hour: 2, minute: 30)
    let first = CycleTimes.next(halfPastTwo, after: try instant("2026-10-24T12:00:00Z"), in: berlin)
    #expect(first == (try instant("2026-10-25T00:30:00Z")))
    #expect(CycleTimes.next(halfPastTwo, after: first, in: berlin) == (try instant("2026-10-26T01:30:00Z")))
}

@Test(.removesScratchFolders) func eveningOnA25HourDayKeepsItsWallTime() throws {
    let nine = TimeOfDay(hour: 21, minute: 0)
    #expect(CycleTimes.next(nine, after: try instant("2026-10-25T00:00:00Z"), in: berlin) == (try instant("2026-10-25T20:00:00Z")))
}
