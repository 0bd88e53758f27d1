import CivilCalendar
import Foundation
import GhostEngine
import GhostScheduling
import Store
import VigorRPC
import VigorConfig

extension DaemonStatus {
    /// The API's view of the backend's status report, with the socket the request came in on.
    init(_ report: StatusReport, socket: ListeningSocket) {
        let current = report.snapshot.at
        let schedule = report.inForce.config.schedule
        let zone = schedule.zone
        let ghost = report.snapshot.ghost
        var plan = PlanStatus(ghost: ghost, zone: zone, now: current, lastBreakerFiredAt: report.snapshot.lastBreakerFiredAt)
        plan.week = WeekPlanView(report.week).days
        self.init(
            version: VigorVersion.current,
            pid: getpid(),
            startedAt: RPCTimestamp(report.startedAt, in: zone),
            uptimeSeconds: max(0, Int(current.timeIntervalSince(report.startedAt))),
            socket: socket.path,
            socketOrigin: socket.origin,
            configPath: report.inForce.path,
            configSource: report.inForce.origin.rawValue,
            timezone: zone.identifier,
            lastReload: report.inForce.lastReload.map(ReloadOutcome.init),
            database: DatabaseStatus(path: report.databasePath, schemaVersion: report.schemaVersion),
            ghost: GhostStatus(ghost, now: current),
            nextCycles: NextCycles(
                morning: RPCTimestamp(Self.next(.morning, at: schedule.morning, report: report, now: current, zone: zone), in: zone),
                evening: RPCTimestamp(Self.next(.evening, at: schedule.evening, report: report, now: current, zone: zone), in: zone)),
            emergency: report.snapshot.activeEmergency.map { RecoveryTimeStatus($0, zone: zone) } ?? RecoveryTimeStatus(active: false),
            plan: plan,
            sources: report.sources.map(SourceFreshnessView.init),
            travel: TravelStatus(report.snapshot.travel, today: ghost.calendar.day(of: current)),
            health: HealthAgeStatus(report.health, zone: zone), calendarWrites: FailureEpisodeStatus(report.calendarWrites, zone: zone),
            storage: FailureEpisodeStatus(report.storage, zone: zone), streak: report.weeklyReceipt?.strongWeeks,
            profile: Self.profile(report.inForce.config),
            healthSources: report.healthSources.isEmpty ? nil : report.healthSources.map { HealthSourceView($0, zone: zone) })
    }

    /// When `kind` runs next: at its time today unless it already ran for today (early, by hand, or caught up), else
    /// tomorrow's.
    private static func next(_ kind: CycleKind, at time: TimeOfDay, report: StatusReport, now: Date, zone: TimeZone) -> Date {
        let today = CycleTimes.next(time, after: now, in: zone)
        guard report.ranToday.contains(kind), LocalCalendar(timeZone: zone).day(of: today) == LocalCalendar(timeZone: zone).day(of: now)
        else { return today }
        return CycleTimes.next(time, after: today, in: zone)
    }

    /// `[profile]` as setup stored it, with the kinds it rules out for `[training]`'s sessions and the words vigord
    /// does not understand; nil when it names nothing.
    private static func profile(_ config: DaemonConfig) -> ProfileStatus? {
        let profile = config.profile
        guard !(profile.equipment.isEmpty && profile.injuries.isEmpty) else { return nil }
        let training = profile.trainingProfile
        let notUnderstood = training.notUnderstood
        return ProfileStatus(
            equipment: profile.equipment, injuries: profile.injuries,
            ruledOut: TrainingProfile.words(training.ruledOut(minutes: config.training.durationMinutes)),
            notUnderstood: notUnderstood.isEmpty ? nil : notUnderstood)
    }
}

extension WeekPlanView {
    /// The API's view of the week ahead: the forecast's days after today, each with the Ghost's block of that day.
    init(_ outlook: WeekOutlook) {
        guard let forecast = outlook.forecast, let madeAt = outlook.madeAt else {
            self.init(madeAt: nil, days: [])
            return
        }
        self.init(
            madeAt: RPCTimestamp(madeAt, in: outlook.zone),
            days: forecast.view(ghost: outlook.ghost, after: outlook.today, zone: outlook.zone, holds: outlook.holds))
    }
}
