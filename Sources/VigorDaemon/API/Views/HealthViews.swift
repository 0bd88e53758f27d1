import Foundation
import GhostScheduling
import VigorRPC
import VigorConfig

extension CheckInResult {
    /// The API's view of a recorded check-in.
    init(_ outcome: CheckInOutcome, now: Date) {
        self.init(
            date: outcome.day.description, sleptMinutes: outcome.sleptMinutes, felt: outcome.felt, replaced: outcome.replaced,
            checkInsLast14Days: outcome.checkInsLast14Days, ghost: GhostStatus(outcome.ghost, now: now))
    }
}

extension RecoveryHistoryResult {
    /// The API's view of the stored recovery scores.
    init(_ reading: RecoveryHistoryReading) {
        self.init(
            formula: reading.formula,
            days: reading.days.map { RecoveryDay($0.current, earlier: $0.earlier, computedAt: $0.computedAt, zone: reading.zone) })
    }
}

extension RecoveryDay {
    /// A stored score as `recovery.history` shows it; the data's age runs from the newest measured input (not a
    /// baseline or a training sum) to the time the score was computed.
    init(_ score: RecoveryScore, earlier: [RecoveryScore], computedAt: Date, zone: TimeZone) {
        let age = score.measuredInputs.map(\.recordedAt).max().map { max(0, Int(computedAt.timeIntervalSince($0))) }
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

extension HealthSourceView {
    /// The API's view of a watched health source, times in the user's zone.
    init(_ report: HealthSourceReport, zone: TimeZone) {
        self.init(
            name: report.entry.name, path: report.entry.path, format: report.entry.format.flatMap(HealthSourceEntry.formatName),
            present: report.state.present, ok: report.state.failure == nil, files: report.files,
            lastReadAt: report.lastReadAt.map { RPCTimestamp($0, in: zone) },
            newestSampleAt: report.newestSampleAt.map { RPCTimestamp($0, in: zone) }, error: report.state.failure,
            failingSince: report.state.failingSince.map { RPCTimestamp($0, in: zone) })
    }
}

extension HealthAgeStatus {
    /// The API's view of the health data's ages, times in the user's zone.
    init(_ ages: HealthAges, zone: TimeZone) {
        self.init(
            newestDataAt: ages.newest.map { RPCTimestamp($0.at, in: zone) }, newestDataKind: ages.newest?.kind,
            ageSeconds: ages.ageSeconds, freshness: Freshness.of(ageSeconds: ages.ageSeconds).rawValue,
            recovery: ages.recovery.map { recovery in
                RecoveryAge(
                    date: recovery.day.description, score: recovery.score, computedAt: RPCTimestamp(recovery.computedAt, in: zone),
                    dataAgeSeconds: recovery.dataAgeSeconds, freshness: Freshness.of(ageSeconds: recovery.dataAgeSeconds).rawValue,
                    carriedOver: recovery.carriedOver)
            },
            lastMorning: ages.lastMorning.map { MorningRead(ranAt: RPCTimestamp($0.ranAt, in: zone), newHealthData: $0.newHealthData) })
    }
}
