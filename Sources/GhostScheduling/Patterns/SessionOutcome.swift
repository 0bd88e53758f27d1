import GhostEngine

/// One finished session in the history: its weekday+hour slot and whether the user did it.
public struct SessionOutcome: Codable, Sendable, Equatable {
    /// Weekday+hour slot of the session's start.
    public let slot: SlotKey
    /// True when a workout was detected in it.
    public let completed: Bool

    /// Creates an outcome.
    public init(slot: SlotKey, completed: Bool) {
        self.slot = slot
        self.completed = completed
    }
}

/// Beta-binomial estimate of a skip rate: (skips + α) / (sessions + α + β).
enum BetaEstimate {
    static func skipRate(_ outcomes: [SessionOutcome], rules: PatternRules) -> Double {
        let skips = Double(outcomes.filter { !$0.completed }.count)
        return (skips + rules.priorSkips) / (Double(outcomes.count) + rules.priorSkips + rules.priorCompletions)
    }
}

extension SessionOutcome {
    /// The completed and missed blocks in the Ghost's ledger (five weeks), as the pattern learner reads them.
    public static func history(of ghost: Ghost) -> [SessionOutcome] {
        ghost.blocks.filter { [.completed, .missed].contains($0.status) }
            .map { SessionOutcome(slot: $0.slot, completed: $0.status == .completed) }
    }
}
