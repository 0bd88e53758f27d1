import Foundation

/// Why a calendar source, file or write failed; every message names the file or source.
public enum CalendarError: Error, Sendable, Equatable, CustomStringConvertible {
    /// File or folder missing or not readable.
    case unreadable(path: String, reason: String)
    /// The file has no BEGIN:VCALENDAR (often an HTML error page).
    case notICalendar(path: String)
    /// libical could not parse the file, or it is truncated.
    case malformed(path: String, reason: String)
    /// A configured zone that the system zoneinfo does not know.
    case unknownTimeZone(String)
    /// A subscription download failed (no connection, timeout, HTTP error).
    case network(source: String, reason: String)
    /// A subscription body exceeded `maxDownloadBytes`.
    case tooLarge(source: String, limit: Int)
    /// Writing a block, the ledger or a cached copy failed.
    case writeFailed(path: String, reason: String)
    /// The writer refused to act because the desired set failed to load.
    case refusingMassDelete(reason: String)
    /// `busy(source:)` named a source that is not configured.
    case unknownSource(String)

    public var description: String {
        switch self {
        case .unreadable(let path, let reason): return "\(path): cannot read: \(reason)"
        case .notICalendar(let path): return "\(path): not an iCalendar file (no BEGIN:VCALENDAR)"
        case .malformed(let path, let reason): return "\(path): malformed iCalendar: \(reason)"
        case .unknownTimeZone(let name): return "unknown time zone \"\(name)\""
        case .network(let source, let reason): return "\(source): download failed: \(reason)"
        case .tooLarge(let source, let limit): return "\(source): larger than the \(limit)-byte limit"
        case .writeFailed(let path, let reason): return "\(path): write failed: \(reason)"
        case .unknownSource(let name): return "no calendar source named \"\(name)\""
        case .refusingMassDelete(let reason):
            return "refusing to delete Vigor blocks: the desired set did not load (\(reason))"
        }
    }
}
