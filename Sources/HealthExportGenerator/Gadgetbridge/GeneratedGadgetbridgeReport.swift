/// What a generated Gadgetbridge database holds, so a test can compare an import against it exactly.
public struct GeneratedGadgetbridgeReport: Sendable, Equatable {
    /// Per-minute sample rows written.
    public var sampleRows: Int
    /// Days of data.
    public var days: Int
    /// Records an importer should deliver, keyed by HealthKind raw value (steps per hour with steps, sleep segments, …).
    public var expectedCounts: [String: Int]
    /// Tables with data an importer does not read.
    public var unreadTables: [String]
    /// The device's name, the records' source.
    public var deviceName: String
}
