import GhostEngine

/// A weekday+hour slot ranked by how often the user completes sessions there.
public struct RankedWindow: Codable, Sendable, Equatable {
    /// The slot.
    public let slot: SlotKey
    /// Beta-binomial completion rate: (completed + β) / (sessions + α + β).
    public let completionRate: Double
    /// Completed sessions in the slot.
    public let completed: Int
    /// Sessions in the slot.
    public let sessions: Int
}

/// Ranks slots from completion history, for the slot finder's learned preferences.
public enum OptimalWindows {
    /// Slots with history, best first: higher completion rate, then more sessions, then earlier slot.
    public static func rank(_ history: [SessionOutcome], rules: PatternRules) -> [RankedWindow] {
        let slots = Set(history.map(\.slot))
        return slots.map { slot in
            let outcomes = history.filter { $0.slot == slot }
            return RankedWindow(
                slot: slot, completionRate: 1 - BetaEstimate.skipRate(outcomes, rules: rules),
                completed: outcomes.filter(\.completed).count, sessions: outcomes.count)
        }.sorted {
            if $0.completionRate != $1.completionRate { return $0.completionRate > $1.completionRate }
            if $0.sessions != $1.sessions { return $0.sessions > $1.sessions }
            return $0.slot < $1.slot
        }
    }

    /// The ranking as slot-finder preferences.
    public static func preferences(_ history: [SessionOutcome], rules: PatternRules) -> [SlotPreference] {
        rank(history, rules: rules).map { SlotPreference(slot: $0.slot, rate: $0.completionRate) }
    }
}
