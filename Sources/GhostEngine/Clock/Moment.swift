import CivilCalendar
import Foundation

/// An instant together with what it means on the user's local calendar.
/// Computed once per event by `LocalCalendar` so every sub-machine agrees on the local day.
public struct Moment: Codable, Sendable, Hashable {
    /// The absolute instant.
    public let date: Date
    /// The local calendar day containing `date`.
    public let day: LocalDay
    /// Local weekday, 1 = Sunday … 7 = Saturday (Gregorian numbering).
    public let weekday: Int
    /// Local hour of day, 0…23.
    public let hour: Int
    /// Local minute of the hour, 0…59.
    public let minute: Int

    /// Creates a moment; normally produced by `LocalCalendar.moment(at:)`.
    public init(date: Date, day: LocalDay, weekday: Int, hour: Int, minute: Int = 0) {
        self.date = date
        self.day = day
        self.weekday = weekday
        self.hour = hour
        self.minute = minute
    }
}
