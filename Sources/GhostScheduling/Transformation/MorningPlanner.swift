import CivilCalendar
import GhostEngine

/// What the morning cycle does with today's blocks, given the night's signals: the engine events for
/// changes the ghost may make, and the suggestions it may only offer.
public enum MorningPlanner {
    /// One block's outcome.
    public struct Outcome: Sendable, Equatable {
        /// The engine events to send (an adjustment request), empty for a suggestion or no change.
        public var events: [GhostEvent]
        /// A sentence for the cycle summary and the user.
        public var note: String
    }

    /// Decides for each block of `today` still scheduled, learning from the ghost's tallies of kept and
    /// reverted changes unless `feedback` is given. A change rests on measured sleep stages
    /// (confidence 1), on time in bed only (0.7) or on the check-in's reported sleep (0.6); HRV changes need a
    /// 7-day baseline (confidence 1).
    public static func plan(
        ghost: Ghost, today: LocalDay, digest: SignalDigest, intensity: SessionIntensity, rules: TransformationRules,
        feedback: TransformationFeedback? = nil, walkOpen: Bool = true
    ) throws(EngineError) -> [Outcome] {
        let feedback = feedback ?? TransformationFeedback(tallies: ghost.transformationTallies)
        let blocks = ghost.blocks.filter { $0.day == today && $0.status == .scheduled }
        guard !blocks.isEmpty else { return [] }
        let inputs = try digest.recoveryInputs(on: today)
        let signals = try digest.morningSignals(on: today)
        let sleepSource = inputs.sleepMinutes?.source ?? ""
        return blocks.compactMap { block in
            let decision = MorningTransformer.decide(
                intensity: intensity, durationMinutes: block.durationMinutes, signals: signals,
                capabilities: ghost.capabilities, rules: rules, feedback: feedback, walkOpen: walkOpen)
            switch decision {
            case .keep:
                return nil
            case .apply(let change):
                let confidence = change.rule == .shortSleep ? sleepConfidence(sleepSource) : 1.0
                return Outcome(
                    events: [.adjustmentRequested(
                        block.id, change.adjustment, confidence: confidence, reason: change.reason, rule: change.rule.rawValue)],
                    note: "\(change.rule.rawValue) rule on \(block.id.rawValue): \(change.reason)")
            case .suggest(let change):
                return Outcome(events: [], note: "suggestion for \(block.id.rawValue): \(change.reason)")
            }
        }
    }

    /// How far a short-sleep change can rest on the night's sleep: stages 1, time in bed 0.7, a check-in 0.6.
    static func sleepConfidence(_ source: String) -> Double {
        if source.hasSuffix(":sleep:reported") { return 0.6 }
        if source.hasSuffix(":sleep:inBed") { return 0.7 }
        return 1.0
    }
}
