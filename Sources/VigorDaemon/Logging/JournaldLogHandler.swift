import CSystemd
import Foundation
import Logging

/// A swift-log handler writing structured entries to journald through `sd_journal_sendv`:
/// MESSAGE, PRIORITY, SYSLOG_IDENTIFIER, CODE_* and each metadata key as an upper-case field.
public struct JournaldLogHandler: LogHandler {
    public var metadata: Logger.Metadata = [:]
    public var logLevel: Logger.Level
    private let label: String
    private let identifier: String

    public init(label: String, identifier: String = "vigord", level: Logger.Level = .info) {
        self.label = label
        self.identifier = identifier
        self.logLevel = level
    }

    public subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    public func log(event: LogEvent) {
        var fields = [
            "MESSAGE=\(event.message)",
            "PRIORITY=\(Self.priority(event.level))",
            "SYSLOG_IDENTIFIER=\(identifier)",
            "CODE_FILE=\(event.file)",
            "CODE_LINE=\(event.line)",
            "CODE_FUNC=\(event.function)",
            "VIGOR_LOGGER=\(label)",
        ]
        let merged = metadata.merging(event.metadata ?? [:]) { _, new in new }
        for (key, value) in merged.sorted(by: { $0.key < $1.key }) {
            fields.append("\(Self.fieldName(key))=\(value)")
        }
        Self.send(fields)
    }

    /// journald field names: upper-case letters, digits and underscores, not starting with `_`.
    static func fieldName(_ key: String) -> String {
        let mapped = key.uppercased().unicodeScalars.map { scalar -> Character in
            (("A"..."Z").contains(scalar) || ("0"..."9").contains(scalar)) ? Character(scalar) : "_"
        }
        let name = String(mapped).drop { $0 == "_" }
        return "VIGOR_" + (name.isEmpty ? "FIELD" : String(name))
    }

    /// syslog priority for a swift-log level.
    static func priority(_ level: Logger.Level) -> Int {
        switch level {
        case .trace, .debug: 7
        case .info: 6
        case .notice: 5
        case .warning: 4
        case .error: 3
        case .critical: 2
        }
    }

    private static func send(_ fields: [String]) {
        var storage: [UInt8] = []
        var ranges: [Range<Int>] = []
        for field in fields {
            let start = storage.count
            storage.append(contentsOf: field.utf8)
            ranges.append(start..<storage.count)
        }
        storage.withUnsafeMutableBytes { raw in
            guard let base = raw.baseAddress else { return }
            var vectors = ranges.map { iovec(iov_base: base + $0.lowerBound, iov_len: $0.count) }
            _ = sd_journal_sendv(&vectors, Int32(vectors.count))
        }
    }
}
