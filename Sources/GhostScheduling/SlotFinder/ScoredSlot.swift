import CivilCalendar
import Foundation
import GhostEngine

/// The three factors of a slot's score, each 0…1, so a receipt can say why one time beat another.
public struct SlotFactors: Codable, Sendable, Equatable {
    /// 1 inside a preferred window, 0 outside, the neutral value when no windows are set.
    public let preferredWindow: Double
    /// Learned completion rate of the slot's weekday+hour, or the neutral value.
    public let learnedPreference: Double
    /// Predicted skip probability of the day, or the neutral value.
    public let skipProbability: Double
}

/// One feasible start time with its score: free of busy time, buffers and sacred time.
public struct ScoredSlot: Codable, Sendable, Equatable {
    /// Start instant.
    public let start: Date
    /// End instant.
    public let end: Date
    /// Local day of the start.
    public let day: LocalDay
    /// Local wall time of the start.
    public let localStart: TimeOfDay
    /// Weekday+hour slot of the start.
    public let slot: SlotKey
    /// Weighted score, 0…1 (formula in Docs/engine.md).
    public let score: Double
    /// The factors behind `score`.
    public let factors: SlotFactors
}

/// Whether the ghost may write a block on its own or may only propose it.
public enum BlockAutonomy: String, Codable, Sendable {
    /// The engine decides write / propose by its trust and confidence rules.
    case engineDecides
    /// The day's calendar is unknown: a proposal at most.
    case proposalOnly
}

/// A block the slot finder chose, with the alternatives it weighed (for the receipt).
public struct PlannedBlock: Codable, Sendable, Equatable {
    /// The chosen slot.
    public let chosen: ScoredSlot
    /// Best other feasible slots of the same day, best first.
    public let alternatives: [ScoredSlot]
    /// Proposal only on an unknown day.
    public let autonomy: BlockAutonomy
    /// Session length in minutes.
    public let durationMinutes: Int
    /// On a weekend day: the weekend morning kept the day's best time free (nil when it changed nothing).
    public var weekendMorning: WeekendMorningEvidence? = nil

    /// The engine candidate for `Ghost`'s `placementRequested`, carrying `receiptInputs` and `extra`
    /// factors into the receipt. A proposal-only block gets confidence 0, which is below every
    /// autonomous-action threshold, so the ghost can at most propose it.
    public func candidate(confidence: Double, extra: [ReceiptInput] = [], kind: SessionKind? = nil) -> BlockCandidate {
        BlockCandidate(
            start: chosen.start, durationMinutes: durationMinutes,
            confidence: autonomy == .proposalOnly ? 0 : confidence, factors: receiptInputs + extra, kind: kind)
    }

    /// The alternatives as engine candidates, with the same confidence rule and kind.
    public func alternativeCandidates(confidence: Double, kind: SessionKind? = nil) -> [BlockCandidate] {
        alternatives.map {
            BlockCandidate(
                start: $0.start, durationMinutes: durationMinutes,
                confidence: autonomy == .proposalOnly ? 0 : confidence, kind: kind)
        }
    }

    /// Why the chosen slot won, in the user's words: the factors that raised its score ("in your preferred window", "a
    /// time you usually train"), or that it was the best of the day's free times.
    public var fitWords: [String] {
        let factors = chosen.factors
        var words: [String] = []
        if factors.preferredWindow == 1 { words.append("in your preferred window") }
        if factors.learnedPreference > 0.5 { words.append("a time you usually train") }
        return (words.isEmpty ? ["the best of the day's free times"] : words) + (weekendMorning.map { [$0.words] } ?? [])
    }

    /// Receipt lines: the chosen slot and each alternative with its score and factors.
    public var receiptAlternatives: [String] {
        alternatives.map { "\($0.day) \($0.localStart) score \(Self.decimal($0.score))" }
    }

    /// Receipt inputs: the chosen slot's score and factors.
    public var receiptInputs: [ReceiptInput] {
        [
            ReceiptInput("slotStart", "\(chosen.day) \(chosen.localStart)"),
            ReceiptInput("slotScore", Self.decimal(chosen.score)),
            ReceiptInput("preferredWindow", Self.decimal(chosen.factors.preferredWindow)),
            ReceiptInput("learnedPreference", Self.decimal(chosen.factors.learnedPreference)),
            ReceiptInput("skipProbability", Self.decimal(chosen.factors.skipProbability)),
            ReceiptInput("autonomy", autonomy.rawValue),
        ] + (weekendMorning.map { [$0.receiptInput] } ?? [])
    }

    static func decimal(_ value: Double) -> String {
        String(format: "%.3f", value)
    }
}
