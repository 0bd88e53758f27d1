import Foundation

/// A workout the daemon saw: logged by the user or imported from a wearable's export.
public struct WorkoutReport: Codable, Sendable, Equatable {
    /// Stable identity from its source, so the same workout reported twice counts once.
    public let id: String
    /// When it started.
    public let start: Date
    /// When it ended.
    public let end: Date
    /// How sure the source is that this was training, 0…1 (1 when the user logged it).
    public let confidence: Double

    /// Creates a report.
    public init(id: String, start: Date, end: Date, confidence: Double) {
        self.id = id
        self.start = start
        self.end = end
        self.confidence = confidence
    }
}
