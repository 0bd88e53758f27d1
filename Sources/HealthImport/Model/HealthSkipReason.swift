/// Why a single record was skipped; skipping is never fatal, the import goes on.
public enum HealthSkipReason: String, Codable, Sendable, CaseIterable, CodingKeyRepresentable {
    /// The value or duration is outside the documented plausible bounds.
    case outOfRange
    /// A timestamp could not be parsed (or, in JSONL/CSV, has no UTC offset).
    case badDate
    /// A numeric field could not be parsed as a finite number.
    case badNumber
    /// A field the record needs is absent or empty.
    case missingField
    /// The end timestamp lies before the start timestamp.
    case endBeforeStart
    /// The unit is not one we know for this kind of record.
    case badUnit
    /// A text field is not valid UTF-8.
    case badEncoding
    /// A category value (sleep stage) is not one we know.
    case unknownValue
    /// A JSON Lines line is not a JSON object, or a CSV row has the wrong number of fields.
    case malformedLine
    /// The record starts after the time of the import: no device measures the future (its clock is ahead, or the
    /// year is wrong), and a sample from it would stand as the newest for days.
    case future
}

/// A skipped record as shown to the user: where it was and why.
public struct HealthSkippedRecord: Sendable, Equatable, Codable {
    /// 1-based line number in the (uncompressed) file where the record starts; for Gadgetbridge the table
    /// row (SQLite rowid, the table is named in `message`), for FIT the message's number in the file.
    public var line: Int
    /// The category of the problem.
    public var reason: HealthSkipReason
    /// A human explanation, e.g. "resting heart rate 900 bpm is outside 20…250".
    public var message: String

    /// Creates a skipped-record note.
    public init(line: Int, reason: HealthSkipReason, message: String) {
        self.line = line
        self.reason = reason
        self.message = message
    }
}
