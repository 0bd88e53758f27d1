import CivilCalendar
import Foundation

/// The user's Gregorian calendar in their time zone: turns instants into local days and back.
/// DST days are 23 or 25 hours long; everything here goes through `Calendar`, never `86_400` arithmetic.
public struct LocalCalendar: Sendable, Equatable, Codable {
    /// The user's time zone.
    public let timeZone: TimeZone
    private let calendar: Calendar

    /// Creates a calendar for `timeZone`.
    public init(timeZone: TimeZone) {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        self.timeZone = timeZone
        self.calendar = calendar
    }

    /// Creates a calendar from an IANA identifier such as `Europe/Berlin`.
    /// - Throws: `EngineError.unknownTimeZone` when the identifier is not known.
    public init(timeZoneIdentifier identifier: String) throws(EngineError) {
        guard let zone = TimeZone(identifier: identifier) else {
            throw EngineError.unknownTimeZone(identifier)
        }
        self.init(timeZone: zone)
    }

    /// The local reading of `date`.
    public func moment(at date: Date) -> Moment {
        let parts = calendar.dateComponents([.year, .month, .day, .weekday, .hour, .minute], from: date)
        return Moment(
            date: date,
            day: LocalDay(year: parts.year ?? 1970, month: parts.month ?? 1, day: parts.day ?? 1),
            weekday: parts.weekday ?? 1,
            hour: parts.hour ?? 0,
            minute: parts.minute ?? 0
        )
    }

    /// The local day containing `date`: the instant moved by the zone's UTC offset at that instant, counted in
    /// whole local days (a local day always has 86 400 wall-clock seconds, whatever its length in real time).
    /// A hot path (every event of an evening goes through it), so no `Calendar` call.
    public func day(of date: Date) -> LocalDay {
        let wall = Int(date.timeIntervalSince1970.rounded(.down)) + timeZone.secondsFromGMT(for: date)
        return LocalDay(ordinal: wall >= 0 ? wall / 86_400 : (wall - 86_399) / 86_400)
    }

    /// The instant of `hour:minute` local time on `day`. In a DST gap the calendar moves forward.
    /// - Throws: `EngineError.invalidLocalTime` when the components do not form a time.
    public func date(on day: LocalDay, hour: Int, minute: Int = 0) throws(EngineError) -> Date {
        guard (0...23).contains(hour), (0...59).contains(minute) else {
            throw EngineError.invalidLocalTime("\(day) \(hour):\(minute)")
        }
        let parts = DateComponents(year: day.year, month: day.month, day: day.day, hour: hour, minute: minute)
        guard let date = calendar.date(from: parts) else {
            throw EngineError.invalidLocalTime("\(day) \(hour):\(minute)")
        }
        return date
    }

    /// The first instant of `day` (local midnight, or the first valid instant on a DST day).
    public func startOfDay(_ day: LocalDay) throws(EngineError) -> Date {
        let noon = try date(on: day, hour: 12)
        return calendar.startOfDay(for: noon)
    }

    /// Length of `day` in seconds: 86 400 normally, 82 800 or 90 000 on DST changes.
    public func length(of day: LocalDay) throws(EngineError) -> TimeInterval {
        try startOfDay(day.adding(days: 1)).timeIntervalSince(startOfDay(day))
    }

    public static func == (lhs: LocalCalendar, rhs: LocalCalendar) -> Bool {
        lhs.timeZone.identifier == rhs.timeZone.identifier
    }

    /// Decodes from the time-zone identifier string.
    public init(from decoder: any Decoder) throws {
        let identifier = try decoder.singleValueContainer().decode(String.self)
        try self.init(timeZoneIdentifier: identifier)
    }

    /// Encodes as the time-zone identifier string.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(timeZone.identifier)
    }
}
