import CivilCalendar
import Foundation
import GhostEngine
import GhostScheduling
import Store

/// Whether the morning cycle has anything new to read: health data (a sample or a check-in) newer than the
/// previous morning cycle. Without it the recovery score is carried over from data the Ghost already read,
/// and the cycle says so instead of passing it off as fresh.
struct MorningNews: Sendable, Equatable {
    /// True when something arrived after the previous morning (always true on the first morning with data).
    var isNew: Bool
    /// The cycle's note when nothing is new; nil otherwise.
    var note: String?

    /// Reads the newest sample and check-in up to `now` and compares them with the previous morning cycle.
    static func read(database: AppDatabase, now: Date, calendar: LocalCalendar) throws -> MorningNews {
        let previous = try database.lastCycleRun(kind: .morning)
        let newest = try NewestHealthData.read(database: database, now: now, calendar: calendar)
        return MorningNews.judge(newest: newest?.at, previousMorning: previous?.ranAt, calendar: calendar)
    }

    /// The rule itself: new when the newest data is later than the previous morning.
    static func judge(newest: Date?, previousMorning: Date?, calendar: LocalCalendar) -> MorningNews {
        guard let newest else { return MorningNews(isNew: false, note: "nothing new to read: no health data or check-in yet") }
        guard let previousMorning, newest <= previousMorning else { return MorningNews(isNew: true, note: nil) }
        return MorningNews(
            isNew: false,
            note: "nothing new to read since the last morning cycle (\(Self.local(previousMorning, calendar))): the newest "
                + "health data is from \(Self.local(newest, calendar)), so recovery is carried over, not fresh")
    }

    private static func local(_ date: Date, _ calendar: LocalCalendar) -> String {
        let moment = calendar.moment(at: date)
        return "\(moment.day) " + String(format: "%02d:%02d", moment.hour, moment.minute)
    }
}
