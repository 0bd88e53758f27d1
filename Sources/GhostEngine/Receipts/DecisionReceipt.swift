import Foundation

/// What kind of decision a receipt explains.
public enum DecisionAction: String, Codable, Sendable, CaseIterable {
    case scheduled, proposed, transformed, removed, moved, moveProposed, conflictNoted, trustChanged, breakerFired, emergency, notPlaced
    /// A coming block became another kind of session, because the user's profile now rules its kind out.
    case kindChanged
}

/// One input value that mattered to a decision, by name.
public struct ReceiptInput: Codable, Sendable, Equatable {
    /// Input name, camelCase.
    public let name: String
    /// Input value as text.
    public let value: String

    /// Creates an input.
    public init(_ name: String, _ value: String) {
        self.name = name
        self.value = value
    }
}

/// The explanation of one decision: what, when, on what inputs, instead of what, how sure, why.
/// Users read these to see why the ghost acted; retention rules say when storage may drop them.
public struct DecisionReceipt: Codable, Sendable, Equatable {
    /// Deterministic sequence identifier (`r1`, `r2`, …).
    public let id: String
    /// What was decided.
    public let action: DecisionAction
    /// When.
    public let at: Date
    /// FNV-1a 64-bit hash (hex) of the input snapshot, so identical inputs are recognisable.
    public let inputHash: String
    /// The input values that mattered, in a fixed order.
    public let inputs: [ReceiptInput]
    /// Alternatives considered and not taken.
    public let alternatives: [String]
    /// Confidence in the decision, 0…1.
    public let confidence: Double
    /// Trust score change caused by (or with) the decision.
    public let trustImpact: Double
    /// Plain-English reason.
    public let reason: String

    /// Creates a receipt; the hash is computed from `inputs`.
    public init(
        id: String, action: DecisionAction, at: Date, inputs: [ReceiptInput], alternatives: [String],
        confidence: Double, trustImpact: Double, reason: String
    ) {
        self.id = id
        self.action = action
        self.at = at
        self.inputHash = InputSnapshotHash.hash(inputs)
        self.inputs = inputs
        self.alternatives = alternatives
        self.confidence = confidence
        self.trustImpact = trustImpact
        self.reason = reason
    }

    /// True when the receipt is older than the retention period at `now` and storage may delete it.
    public func isPrunable(at now: Date, rules: RetentionRules) -> Bool {
        now.timeIntervalSince(at) > TimeInterval(rules.receiptDays) * 86_400
    }
}
