import CivilCalendar
import Foundation

/// A time the slot finder offers for a workout, with how confident it is in that time.
/// The ghost decides whether to write it, propose it, or only observe.
public struct BlockCandidate: Codable, Sendable, Equatable {
    /// Start instant.
    public let start: Date
    /// Length in minutes.
    public let durationMinutes: Int
    /// The slot finder's confidence in this time, 0…1.
    public let confidence: Double
    /// Why the slot finder chose this time (score, preference, skip risk and its factors), copied into
    /// the placement receipt so `vigorctl why` shows them.
    public let factors: [ReceiptInput]
    /// What the session is for (`SessionKindChoice`); nil: not said.
    public let kind: SessionKind?

    /// Creates a candidate.
    public init(start: Date, durationMinutes: Int, confidence: Double, factors: [ReceiptInput] = [], kind: SessionKind? = nil) {
        self.start = start
        self.durationMinutes = durationMinutes
        self.confidence = confidence
        self.factors = factors
        self.kind = kind
    }

    /// Decodes a candidate; one saved without factors has none, one saved without a kind none.
    public init(from decoder: any Decoder) throws {
        let keys = try decoder.container(keyedBy: CodingKeys.self)
        start = try keys.decode(Date.self, forKey: .start)
        durationMinutes = try keys.decode(Int.self, forKey: .durationMinutes)
        confidence = try keys.decode(Double.self, forKey: .confidence)
        factors = try keys.value(.factors, or: [])
        kind = try keys.decodeIfPresent(SessionKind.self, forKey: .kind)
    }

    /// End instant.
    public var end: Date {
        start.addingTimeInterval(TimeInterval(durationMinutes * 60))
    }
}
