import CivilCalendar
import Foundation
import GhostEngine

/// A calendar-derived or manual fact that may mean the user travels, handed in as a value.
public enum TravelEvidence: Codable, Sendable, Equatable {
    /// An all-day event on `day` with its title and category.
    case allDayEvent(day: LocalDay, title: String, category: String)
    /// A timed event starting at `start` whose own time zone is `timeZone` (an IANA name).
    case eventInZone(start: Date, timeZone: String)
    /// A timed event starting at `start` with its title and categories (a flight in the calendar).
    case timedEvent(start: Date, title: String, category: String)
    /// A timed event at `start` written in a zone with UTC offset `offsetSeconds` there (`zoneName` for the
    /// reason): for zones known only by a file's own VTIMEZONE or a Windows name.
    case eventAtOffset(start: Date, offsetSeconds: Int, zoneName: String)
    /// A timed event that starts in one zone and ends in another (a flight): each end whose offset is far from
    /// home counts on its own, whatever else the day holds.
    case eventAcrossZones(start: Date, startOffsetSeconds: Int, startZoneName: String, end: Date, endOffsetSeconds: Int, endZoneName: String)
    /// A timed event starting at `start` whose location is `distanceKilometres` from home (the calendar
    /// module geocodes; this module only compares the number).
    case eventAtDistance(start: Date, distanceKilometres: Double)
    /// The system time zone changed to `timeZone` on `day`.
    case systemZoneChange(day: LocalDay, timeZone: String)
    /// The user said they travel from `from` to `to`, both inclusive (`travel.set`).
    case manualRange(from: LocalDay, to: LocalDay)
}

/// A day on which nothing is scheduled, with every reason found for it.
public struct TravelDay: Codable, Sendable, Equatable {
    /// The day.
    public let day: LocalDay
    /// Human reasons, e.g. `all-day event "Flight LH400"`.
    public let reasons: [String]

    /// Creates a travel day.
    public init(day: LocalDay, reasons: [String]) {
        self.day = day
        self.reasons = reasons
    }
}
