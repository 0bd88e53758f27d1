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

    /// Creates a candidate.
    public init(start: Date, durationMinutes: Int, confidence: Double) {
        self.start = start
        self.durationMinutes = durationMinutes
        self.confidence = confidence
    }

    /// End instant.
    public var end: Date {
        start.addingTimeInterval(TimeInterval(durationMinutes * 60))
    }
}
