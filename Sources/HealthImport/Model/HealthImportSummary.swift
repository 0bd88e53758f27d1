import CivilCalendar

/// What an import did: records delivered per kind, records ignored, records skipped and why.
public struct HealthImportSummary: Sendable, Equatable, Codable {
    /// The detected format of the file.
    public var format: HealthFileFormat
    /// Bytes consumed: file bytes for XML/JSONL/CSV, uncompressed export.xml bytes for a zip.
    public var bytesRead: Int64
    /// Records delivered, per kind.
    public var imported: [HealthKind: Int]
    /// Well-formed records of types vigord does not use (e.g. ActiveEnergyBurned, ActivitySummary).
    public var ignored: Int
    /// Bad records, counted per reason.
    public var skipped: [HealthSkipReason: Int]
    /// The first few (up to `HealthImportSummary.exampleLimit`) skipped records, in file order.
    public var examples: [HealthSkippedRecord]
    /// Gadgetbridge: tables holding data that vigord did not read, by name (settings tables are not listed).
    public var unreadTables: [String]
    /// A re-read of a source: records read that start before its window and were left out (already stored).
    public var beforeWindow: Int
    /// Gadgetbridge: nights left out because the device's data ended while it still recorded them; a later copy of
    /// the database gives them whole.
    public var nightsStillRecorded: Int

    /// How many skipped records are kept in `examples`.
    public static let exampleLimit = 10

    /// Creates an empty summary for a format.
    public init(
        format: HealthFileFormat, bytesRead: Int64 = 0, imported: [HealthKind: Int] = [:],
        ignored: Int = 0, skipped: [HealthSkipReason: Int] = [:], examples: [HealthSkippedRecord] = [],
        unreadTables: [String] = [], beforeWindow: Int = 0, nightsStillRecorded: Int = 0
    ) {
        self.format = format
        self.bytesRead = bytesRead
        self.imported = imported
        self.ignored = ignored
        self.skipped = skipped
        self.examples = examples
        self.unreadTables = unreadTables
        self.beforeWindow = beforeWindow
        self.nightsStillRecorded = nightsStillRecorded
    }

    private enum CodingKeys: String, CodingKey {
        case format, bytesRead, imported, ignored, skipped, examples, unreadTables, beforeWindow, nightsStillRecorded
    }

    /// Decodes a summary; `unreadTables`, `beforeWindow` and `nightsStillRecorded` may be absent (summaries stored before they existed).
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        format = try container.decode(HealthFileFormat.self, forKey: .format)
        bytesRead = try container.decode(Int64.self, forKey: .bytesRead)
        imported = try container.decode([HealthKind: Int].self, forKey: .imported)
        ignored = try container.decode(Int.self, forKey: .ignored)
        skipped = try container.decode([HealthSkipReason: Int].self, forKey: .skipped)
        examples = try container.decode([HealthSkippedRecord].self, forKey: .examples)
        unreadTables = try container.decodeIfPresent([String].self, forKey: .unreadTables) ?? []
        beforeWindow = try container.decodeIfPresent(Int.self, forKey: .beforeWindow) ?? 0
        nightsStillRecorded = try container.decodeIfPresent(Int.self, forKey: .nightsStillRecorded) ?? 0
    }

    /// All records delivered.
    public var importedTotal: Int { imported.values.reduce(0, +) }
    /// All records skipped.
    public var skippedTotal: Int { skipped.values.reduce(0, +) }
}
