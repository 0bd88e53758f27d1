import GhostEngine

/// Kept and reverted counts of one morning rule.
public struct RuleFeedback: Codable, Sendable, Equatable {
    /// The rule.
    public let rule: TransformationRule
    /// Changes the user kept.
    public var kept: Int
    /// Changes the user reverted.
    public var reverted: Int

    /// Creates counts for a rule.
    public init(rule: TransformationRule, kept: Int, reverted: Int) {
        self.rule = rule
        self.kept = kept
        self.reverted = reverted
    }
}

/// What the user did with each rule's changes. A rule reverted at least 3 times whose Beta(1, 1) revert
/// rate (reverted + 1) / (kept + reverted + 2) is above 0.5 falls back to suggesting: reverts are learned.
public struct TransformationFeedback: Codable, Sendable, Equatable {
    /// Counts per rule, in `TransformationRule` order.
    public private(set) var rules: [RuleFeedback] = []

    /// Creates empty feedback.
    public init() {}

    /// The feedback the ghost has counted (`Ghost.transformationTallies`); tallies of names that are
    /// not a morning rule (e.g. `manual`) are left out.
    public init(tallies: [TransformationTally]) {
        let order = TransformationRule.allCases
        rules = tallies.compactMap { tally in
            TransformationRule(rawValue: tally.rule).map { RuleFeedback(rule: $0, kept: tally.kept, reverted: tally.reverted) }
        }.sorted { (order.firstIndex(of: $0.rule) ?? 0) < (order.firstIndex(of: $1.rule) ?? 0) }
    }

    /// Records the user's answer to one change.
    public mutating func record(_ rule: TransformationRule, kept: Bool) {
        var entry = rules.first { $0.rule == rule } ?? RuleFeedback(rule: rule, kept: 0, reverted: 0)
        if kept { entry.kept += 1 } else { entry.reverted += 1 }
        let order = TransformationRule.allCases
        rules = (rules.filter { $0.rule != rule } + [entry]).sorted {
            (order.firstIndex(of: $0.rule) ?? 0) < (order.firstIndex(of: $1.rule) ?? 0)
        }
    }

    /// Beta(1, 1) posterior mean of the rule's revert rate (0.5 with no answers).
    public func revertRate(_ rule: TransformationRule) -> Double {
        let entry = rules.first { $0.rule == rule } ?? RuleFeedback(rule: rule, kept: 0, reverted: 0)
        return Double(entry.reverted + 1) / Double(entry.kept + entry.reverted + 2)
    }

    /// True when the rule should only suggest from now on.
    public func onlySuggests(_ rule: TransformationRule, rules limits: TransformationRules) -> Bool {
        let reverted = rules.first { $0.rule == rule }?.reverted ?? 0
        return reverted >= limits.revertsBeforeSuggesting && revertRate(rule) > limits.revertShareBeforeSuggesting
    }
}
