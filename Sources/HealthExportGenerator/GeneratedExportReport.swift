import CivilCalendar
import Foundation

/// What a generated export contains, so a test can compare an import against it exactly.
public struct GeneratedExportReport: Sendable, Equatable {
    /// Bytes written.
    public var bytes: Int64
    /// Days of data written.
    public var days: Int
    /// Records an importer should deliver, keyed by HealthKind raw value ("sleep", "hrv", "restingHeartRate", "steps", "workout").
    public var expectedCounts: [String: Int]
    /// Top-level elements an importer should count as ignored (other Record types, ExportDate, Me, ActivitySummary, Correlation).
    public var expectedIgnored: Int
    /// The first three records of each kind, in file order, as an importer should deliver them (units normalised).
    public var samples: [HealthSample]
}
