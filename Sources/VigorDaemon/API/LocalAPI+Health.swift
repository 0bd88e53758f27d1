import CivilCalendar
import Foundation
import GhostEngine
import GhostScheduling
import Store
import VigorRPC

extension LocalAPI {
    /// `checkin.record`: this morning's self-report, stored for the local date of now; after the morning cycle the
    /// morning rules read it for the blocks still ahead today.
    func serveCheckIn(_ params: CheckInMethod.Params) async throws -> CheckInResult {
        guard params.slept != nil || params.felt != nil else {
            throw APIError.invalidParams("give 'slept' (hours), 'felt' (tired, ok or good), or both")
        }
        if let slept = params.slept, !(slept.isFinite && (0...16).contains(slept)) {
            throw APIError.invalidParams("field 'slept' must be hours between 0 and 16; got \(slept)")
        }
        let now = context.now()
        let config = await context.state.config
        let today = LocalCalendar(timeZone: config.schedule.zone).day(of: now)
        let minutes = params.slept.map { Int(($0 * 60).rounded()) }
        let replaced = try context.database.saveCheckIn(
            CheckIn(localDate: today, sleptMinutes: minutes, felt: params.felt, recordedAt: now))
        _ = try await context.cycles.checkInArrived(now: now, zone: config.schedule.zone, training: config.training, rules: config.schedulingRules)
        await context.notifications.settle(now: now, rules: config.notify.rules)
        let recent = try context.database.checkIns(from: today.adding(days: -13), through: today)
        return CheckInResult(
            date: today.description, sleptMinutes: minutes, felt: params.felt, replaced: replaced,
            checkInsLast14Days: recent.count, ghost: GhostStatus(await context.ghost.current, now: now))
    }

    /// `recovery.history`: the stored morning scores of the last days, newest first.
    func serveRecoveryHistory(_ params: RecoveryHistoryMethod.Params) async throws -> RecoveryHistoryResult {
        let days = params.days ?? 7
        guard (1...366).contains(days) else {
            throw APIError.invalidParams("field 'days' must be between 1 and 366; got \(days)")
        }
        let zone = await zone()
        let today = LocalCalendar(timeZone: zone).day(of: context.now())
        let scores = RecoveryScores(database: context.database)
        let byDay = Dictionary(grouping: try scores.stored(endingOn: today, days: days)) { $0.score.day }
        let shown = byDay.keys.sorted(by: >).compactMap { day -> RecoveryDay? in
            let entries = byDay[day] ?? []
            // As RecoveryHistory.current: the newest score of the highest formula version.
            guard let current = entries.max(by: { $0.score.formula.version <= $1.score.formula.version }) else { return nil }
            return RecoveryDay(current.score, earlier: entries.map(\.score), computedAt: current.computedAt, zone: zone)
        }
        return RecoveryHistoryResult(formula: scores.formula.identity.description, days: shown)
    }
}

extension RecoveryDay {
    /// A stored score as `recovery.history` shows it; the data's age runs from the newest measured input (not a
    /// baseline or a training sum) to the time the score was computed.
    init(_ score: RecoveryScore, earlier: [RecoveryScore], computedAt: Date, zone: TimeZone) {
        let measured = score.inputs.map(\.metric).filter { !$0.source.hasPrefix("baseline:") && !$0.source.hasPrefix("workouts:") }
        let age = measured.map(\.recordedAt).max().map { max(0, Int(computedAt.timeIntervalSince($0))) }
        let others = earlier.filter { $0.formula != score.formula }
        self.init(
            date: score.day.description, score: score.value, formula: score.formula.description,
            earlier: Dictionary(others.map { ($0.formula.description, $0.value) }) { _, later in later },
            components: score.components.map { RecoveryComponentView(name: $0.name, value: $0.value, weight: $0.weight) },
            inputs: score.inputs.map {
                RecoveryInputView(
                    name: $0.name, value: $0.metric.value, source: $0.metric.source,
                    recordedAt: RPCTimestamp($0.metric.recordedAt, in: zone).description)
            },
            dataAgeSeconds: age, freshness: Freshness.of(ageSeconds: age).rawValue)
    }
}
