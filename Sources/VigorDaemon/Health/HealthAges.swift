import CivilCalendar
import Foundation
import GhostEngine
import GhostScheduling
import Store

/// The ages `status` shows for health data: the newest sample or check-in, the newest recovery score's measurements and
/// whether the last morning had anything new, on the same freshness scale as calendar sources.
struct HealthAges: Sendable {
    /// The newest health data (a stored sample's end or a check-in's time) and its kind; nil before either.
    var newest: NewestHealthData?
    /// Seconds from the newest data to now.
    var ageSeconds: Int?
    /// The newest recovery score, when there is one.
    var recovery: RecoveryAge?
    /// What the last morning cycle found to read: when it ran, and whether it had anything newer than the morning before.
    var lastMorning: (ranAt: Date, newHealthData: Bool)?

    /// The newest recovery score and the age of the measurements behind it.
    struct RecoveryAge: Sendable {
        var day: LocalDay
        var score: Double
        var computedAt: Date
        /// Seconds from its newest measured input (sleep, HRV, resting heart rate, check-in) to now.
        var dataAgeSeconds: Int?
        /// True when the score was not computed from anything new: the morning that made it had nothing newer than
        /// the morning before, or it is an earlier day's score.
        var carriedOver: Bool
    }

    /// Reads the store at `now`; a handful of indexed lookups, no samples are loaded.
    static func read(database: AppDatabase, now: Date, zone: TimeZone) throws -> HealthAges {
        let calendar = LocalCalendar(timeZone: zone)
        let today = calendar.day(of: now)
        let newest = try NewestHealthData.read(database: database, now: now, calendar: calendar)
        let morning = try database.lastCycleRun(kind: .morning)
        return HealthAges(
            newest: newest, ageSeconds: newest.map { Self.seconds(from: $0.at, to: now) },
            recovery: try recovery(database: database, today: today, now: now, morning: morning),
            lastMorning: morning.flatMap { run in run.newHealthData.map { (ranAt: run.ranAt, newHealthData: $0) } })
    }

    /// The current score of the newest scored morning (the highest formula version, computed last). It is carried
    /// over when it is an earlier morning's, or when the morning that computed it had nothing new to read.
    private static func recovery(database: AppDatabase, today: LocalDay, now: Date, morning: CycleRun?) throws -> RecoveryAge? {
        let stored = try RecoveryScores(database: database).stored(endingOn: today, days: 31)
        guard let day = stored.map(\.score.day).max() else { return nil }
        guard let current = RecoveryHistory.current(of: stored.filter { $0.score.day == day }, score: \.score) else { return nil }
        let carriedOver = day < today
            || (morning?.localDate == day && morning?.newHealthData == false
                && current.computedAt <= morning?.ranAt ?? .distantPast)
        return RecoveryAge(
            day: day, score: current.score.value, computedAt: current.computedAt,
            dataAgeSeconds: current.score.measuredInputs.map(\.recordedAt).max().map { Self.seconds(from: $0, to: now) }, carriedOver: carriedOver)
    }

    private static func seconds(from date: Date, to now: Date) -> Int {
        max(0, Int(now.timeIntervalSince(date)))
    }
}
