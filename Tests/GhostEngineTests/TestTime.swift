import CivilCalendar
import Foundation
import GhostEngine

/// Local times in Berlin for tests (a zone with DST on 2026-03-29 and 2026-10-25).
enum TestTime {
    static let berlin = LocalCalendar(timeZone: TimeZone(identifier: "Europe/Berlin") ?? .gmt)
    static let monday = LocalDay(year: 2026, month: 3, day: 2)

    /// The instant of `hour:minute` Berlin time, `offset` days after Monday 2026-03-02.
    static func date(_ offset: Int, _ hour: Int, _ minute: Int = 0) throws -> Date {
        try berlin.date(on: monday.adding(days: offset), hour: hour, minute: minute)
    }

    /// The moment of `hour:minute` Berlin time, `offset` days after Monday 2026-03-02.
    static func moment(_ offset: Int, _ hour: Int, _ minute: Int = 0) throws -> Moment {
        berlin.moment(at: try date(offset, hour, minute))
    }
}
