import Foundation

extension Ghost {
    /// Builds the next receipt with a deterministic identifier.
    mutating func makeReceipt(
        _ action: DecisionAction, at moment: Moment, inputs: [ReceiptInput], alternatives: [String],
        confidence: Double, trustImpact: Double, reason: String
    ) -> DecisionReceipt {
        let receipt = DecisionReceipt(
            id: "r\(nextReceiptNumber)", action: action, at: moment.date, inputs: inputs, alternatives: alternatives,
            confidence: confidence, trustImpact: trustImpact, reason: reason)
        nextReceiptNumber += 1
        return receipt
    }

    /// The state values that matter to every decision.
    func stateInputs() -> [ReceiptInput] {
        [
            ReceiptInput("trustPhase", trust.phase.rawValue),
            ReceiptInput("trustScore", Self.decimal(trust.score)),
            ReceiptInput("healthPhase", health.phase.rawValue),
            ReceiptInput("healthConfidence", Self.decimal(healthConfidence)),
            ReceiptInput("ghostHealth", ghostHealth.mode.rawValue),
        ]
    }

    /// The receipt for a trust-phase change; a breaker change becomes a `breakerFired` receipt.
    mutating func phaseReceipt(_ change: PhaseChange, scoreBefore: Double, at moment: Moment) -> DecisionReceipt {
        var inputs = stateInputs() + [
            ReceiptInput("fromPhase", change.from.rawValue),
            ReceiptInput("cause", change.cause.rawValue),
        ]
        let reason: String
        var alternatives = ["stay \(change.from.displayName)"]
        switch change.cause {
        case .advanced where change.from == .observer:
            let history = trust.readableHistoryDays
            reason = "I moved up to \(change.to.displayName): I have watched a full week"
                + (history >= rules.trust.toScheduler.minDaysInPreviousPhase
                    ? " (\(history) days of your calendars and health data were readable at once)" : "")
                + ", so I will suggest times now and ask before anything goes on your calendar."
            inputs.append(ReceiptInput("readableHistoryDays", "\(history)"))
        case .advanced:
            // Each number beside the one the rules ask, so the sentence is its own evidence.
            let needed = rules.trust.requirement(toEnter: change.to)
            reason = "I moved up to \(change.to.displayName): my trust score is \(Self.decimal(change.score))"
                + (needed.map { " (\(Self.decimal($0.minScore)) needed)" } ?? "")
                + ", I spent " + (needed.map { "the \($0.minDaysInPreviousPhase) days it asks" } ?? "enough days") + " as \(change.from.displayName)"
                + ", and health confidence is \(Self.decimal(healthConfidence))"
                + (needed.map { " (\(Self.decimal($0.minHealthConfidence)) needed)" } ?? "") + "."
        case .demoted:
            let keeps = rules.trust.requirement(toEnter: change.from).map { $0.minScore - rules.trust.demotionHysteresis }
            reason = "I stepped back to \(change.to.displayName) because my trust score fell to \(Self.decimal(change.score))"
                + (keeps.map { ", below the \(Self.decimal($0)) \(change.from.displayName) needs to stay" } ?? "") + "."
        case .manual:
            reason = "You moved me to \(change.to.displayName)."
            alternatives = []
        case .breaker:
            reason = SafetyBreaker.apology
            alternatives = ["keep auto-scheduling"]
            inputs.append(ReceiptInput("consecutiveDeletions", "\(rules.breaker.consecutiveDeletions)"))
        }
        return makeReceipt(
            change.cause == .breaker ? .breakerFired : .trustChanged, at: moment, inputs: inputs,
            alternatives: alternatives, confidence: change.cause == .advanced ? healthConfidence : 1,
            trustImpact: trust.score - scoreBefore, reason: reason)
    }

    /// `0.123` style, three decimals.
    static func decimal(_ value: Double) -> String {
        String(format: "%.3f", value)
    }

    /// ISO 8601 in UTC.
    static func timestamp(_ date: Date) -> String {
        date.formatted(.iso8601)
    }
}
