import Foundation
import GhostEngine
import VigorRPC

extension GhostStatus {
    /// The API's view of the engine state at `now` (the health message lasts a day after a recovery).
    init(_ ghost: Ghost, now: Date) {
        let capabilities = ghost.capabilities
        let onRelease = ghost.trust.phaseOnRelease(rules: ghost.rules.trust)
        let shownOnRelease = ghost.trust.pinnedByUser && onRelease != ghost.trust.phase ? onRelease : nil
        let names: [(Bool, String)] = [
            (capabilities.canPropose, "propose"), (capabilities.canWriteCalendar, "writeCalendar"),
            (capabilities.canTransform, "transform"), (capabilities.canMove, "move"),
        ]
        self.init(
            trustPhase: ghost.trust.phase.rawValue, trustPhaseName: ghost.trust.phase.displayName,
            trustScore: ghost.trust.score, pinnedByUser: ghost.trust.pinnedByUser,
            capabilities: names.filter(\.0).map(\.1),
            healthPhase: ghost.health.phase.rawValue, healthPhaseName: ghost.health.phase.displayName,
            healthConfidence: ghost.healthConfidence, ghostHealth: ghost.ghostHealth.mode.rawValue,
            ghostHealthName: ghost.ghostHealth.mode.displayName,
            ghostHealthMessage: ghost.ghostHealth.lastChange.flatMap { change in
                change.to != .healthy || now.timeIntervalSince(change.at) < 86_400 ? change.sentence : nil
            },
            ghostHealthProblem: GhostHealthProblem(ghost),
            breakerDeletions: ghost.breaker.consecutiveDeletions, healthPhaseLine: ghost.health.phase.line,
            phaseOnRelease: shownOnRelease?.rawValue, phaseOnReleaseName: shownOnRelease?.displayName)
    }
}

extension GhostHealthProblem {
    /// Why `ghost` is not healthy, with times in its zone; nil while it is healthy.
    init?(_ ghost: Ghost) {
        let monitor = ghost.ghostHealth
        // A mode other than healthy is only ever entered through a change, which the monitor keeps.
        guard monitor.mode != .healthy, let change = monitor.lastChange else { return nil }
        let zone = ghost.calendar.timeZone
        let failures = monitor.counted.map { counted in
            Failure(
                kind: counted.kind.rawValue, words: counted.kind.words, count: counted.count,
                firstAt: RPCTimestamp(counted.firstAt, in: zone), lastAt: RPCTimestamp(counted.lastAt, in: zone),
                whatToDo: counted.kind.remedy)
        }
        let runs = ghost.rules.ghostHealth.successesToRecover
        self.init(
            since: RPCTimestamp(change.at, in: zone), failures: failures,
            unrecorded: failures.isEmpty ? "This version did not yet keep which failures were counted; the next one is named here." : nil,
            recovery: "It steps back towards healthy after \(runs) background runs in a row succeed.")
    }
}

extension ReceiptView {
    /// The API's view of a receipt, with its time in the user's zone and its explanation (headline, factor rows);
    /// `neutral` is the slot finder's neutral factor value.
    init(_ receipt: DecisionReceipt, zone: TimeZone, neutral: Double) {
        let explanation = DecisionExplanation(receipt, timeZone: zone, neutral: neutral)
        self.init(
            id: receipt.id, action: receipt.action.rawValue, at: RPCTimestamp(receipt.at, in: zone),
            inputHash: receipt.inputHash, inputs: receipt.inputs.map { Input(name: $0.name, value: $0.value) },
            alternatives: receipt.alternatives, confidence: receipt.confidence, trustImpact: receipt.trustImpact,
            reason: receipt.reason, headline: explanation.headline,
            factors: explanation.factors.map { Factor(name: $0.name, value: $0.value, impact: $0.impact.rawValue) })
    }
}
