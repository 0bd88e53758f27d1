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
        skipRate(outcomes, towards: rules.priorSkips / (rules.priorSkips + rules.priorCompletions), rules: rules)
    }

    /// The skip rate of `outcomes` shrunk towards `rate` with the prior's weight (`priorSkips + priorCompletions`
    /// sessions): a weekday or slot without history is as likely skipped as the level above it, never 50 % by default.
    static func skipRate(_ outcomes: [SessionOutcome], towards rate: Double, rules: PatternRules) -> Double {
        let weight = rules.priorSkips + rules.priorCompletions
        let skips = Double(outcomes.filter { !$0.completed }.count)
        return (skips + weight * rate) / (Double(outcomes.count) + weight)
    }
}

extension SessionOutcome {
    /// The completed and missed blocks in the Ghost's ledger (five weeks), as the pattern learner reads them.
    public static func history(of ghost: Ghost) -> [SessionOutcome] {
        ghost.blocks.filter { [.completed, .missed].contains($0.status) }
            .map { SessionOutcome(slot: $0.slot, completed: $0.status == .completed) }
    }
}
