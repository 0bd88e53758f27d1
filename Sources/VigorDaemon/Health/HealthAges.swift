import CivilCalendar
import Foundation
import GhostEngine
import GhostScheduling
import Store
import VigorRPC

/// The ages `status` shows for health data: the newest sample or check-in, the newest recovery score's measurements and
/// whether the last morning had anything new, on the same freshness scale as calendar sources.
enum HealthAges {
    /// Reads the store at `now`; a handful of indexed lookups, no samples are loaded.
    static func status(database: AppDatabase, now: Date, zone: TimeZone) throws -> HealthAgeStatus {
        let calendar = LocalCalendar(timeZone: zone)
        let today = calendar.day(of: now)
        let newest = try NewestHealthData.read(database: database, now: now, calendar: calendar)
        let age = newest.map { Self.seconds(from: $0.at, to: now) }
        let morning = try database.lastCycleRun(kind: .morning)
        let lastMorning = morning.flatMap { run in
            run.newHealthData.map { MorningRead(ranAt: RPCTimestamp(run.ranAt, in: zone), newHealthData: $0) }
        }
        return HealthAgeStatus(
            newestDataAt: newest.map { RPCTimestamp($0.at, in: zone) }, newestDataKind: newest?.kind, ageSeconds: age,
            freshness: Freshness.of(ageSeconds: age).rawValue,
            recovery: try recovery(database: database, today: today, now: now, zone: zone, morning: morning),
            lastMorning: lastMorning)
    }

    /// The current score of the newest scored morning (the highest formula version, computed last). It is carried
    /// over when it is an earlier morning's, or when the morning that computed it had nothing new to read.
    private static func recovery(
        database: AppDatabase, today: LocalDay, now: Date, zone: TimeZone, morning: CycleRun?
    ) throws -> RecoveryAge? {
        let stored = try RecoveryScores(database: database).stored(endingOn: today, days: 31)
        guard let day = stored.map(\.score.day).max() else { return nil }
        let ofDay = stored.filter { $0.score.day == day }
        guard let version = ofDay.map(\.score.formula.version).max(),
              let current = ofDay.last(where: { $0.score.formula.version == version }) else { return nil }
        let measured = current.score.inputs.map(\.metric)
            .filter { !$0.source.hasPrefix("baseline:") && !$0.source.hasPrefix("workouts:") }
        let age = measured.map(\.recordedAt).max().map { Self.seconds(from: $0, to: now) }
        let carriedOver = day < today
            || (morning?.localDate == day && morning?.newHealthData == false
                && current.computedAt <= morning?.ranAt ?? .distantPast)
        return RecoveryAge(
            date: day.description, score: current.score.value, computedAt: RPCTimestamp(current.computedAt, in: zone),
            dataAgeSeconds: age, freshness: Freshness.of(ageSeconds: age).rawValue, carriedOver: carriedOver)
    }

    private static func seconds(from date: Date, to now: Date) -> Int {
        max(0, Int(now.timeIntervalSince(date)))
    }
}
