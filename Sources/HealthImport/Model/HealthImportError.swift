/// A fatal import problem with a human message naming the file and the line (or byte) where it went wrong.
/// Batches delivered before the error stand; `summary` counts them.
public struct HealthImportError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The category of a fatal problem.
    public enum Kind: String, Sendable, Equatable, Codable, CaseIterable {
        /// The file cannot be opened or read.
        case unreadable
        /// The content is none of the supported formats.
        case unknownFormat
        /// The file ends in the middle of the document.
        case truncated
        /// The markup is broken (not well-formed XML, not an Apple Health export).
        case malformed
        /// The text is not UTF-8 (e.g. UTF-16 XML or a Latin-1 CSV).
        case unsupportedEncoding
        /// A zip archive without an `export.xml` entry.
        case missingExportXML
        /// A zip archive that cannot be read.
        case badArchive
        /// A CSV file without the expected header line.
        case missingHeader
        /// The `deliver` closure threw; `underlyingDescription` says what.
        case deliveryFailed
        /// The caller asked the import to stop (vigord is shutting down); batches delivered before stand.
        case stopped
    }

    /// The category of the problem.
    public var kind: Kind
    /// The file's name (last path component), e.g. "export.xml".
    public var file: String
    /// 1-based line where it went wrong, when known.
    public var line: Int?
    /// What went wrong and what to do, without the file/line prefix.
    public var message: String
    /// Counts of what was read and delivered before the problem.
    public var summary: HealthImportSummary?
    /// For `.deliveryFailed`: the error thrown by `deliver`.
    public var underlying: (any Error)?

    /// Creates an error.
    public init(
        kind: Kind, file: String, line: Int? = nil, message: String,
        summary: HealthImportSummary? = nil, underlying: (any Error)? = nil
    ) {
        self.kind = kind
        self.file = file
        self.line = line
        self.message = message
        self.summary = summary
        self.underlying = underlying
    }

    /// "export.xml line 120034: the file ends inside <Record>: …"
    public var description: String {
        if let line { return "\(file) line \(line): \(message)" }
        return "\(file): \(message)"
    }

    /// Equal when kind, file, line, message and summary match (the underlying error is not compared).
    public static func == (lhs: HealthImportError, rhs: HealthImportError) -> Bool {
        lhs.kind == rhs.kind && lhs.file == rhs.file && lhs.line == rhs.line
            && lhs.message == rhs.message && lhs.summary == rhs.summary
    }
}
