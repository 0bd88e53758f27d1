import CivilCalendar
import Foundation
import GhostEngine
import GhostScheduling
import Store

/// The newest health data the Ghost can read at `now`: a sample (its end) or a check-in (when it was given).
/// One answer for `status`'s ages and the morning's "anything new?", so the two never disagree.
struct NewestHealthData: Sendable, Equatable {
    /// When it was measured or reported.
    let at: Date
    /// The sample's kind (`sleep`, `hrv`, …) or `checkIn`.
    let kind: String

    /// Reads the newest sample and the newest check-in of the last 31 days up to `now`; nil when there is neither.
    static func read(database: AppDatabase, now: Date, calendar: LocalCalendar) throws -> NewestHealthData? {
        let sample = try database.newestHealthSample(kinds: HealthKind.allCases, endingBy: now)
            .map { NewestHealthData(at: $0.end, kind: $0.kind.rawValue) }
        let today = calendar.day(of: now)
        let checkIn = try database.checkIns(from: today.adding(days: -31), through: today)
            .map(\.recordedAt).filter { $0 <= now }.max().map { NewestHealthData(at: $0, kind: "checkIn") }
        return [sample, checkIn].compactMap { $0 }.max { $0.at < $1.at }
    }
}
