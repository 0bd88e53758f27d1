/// Every error code vigord answers with. Application codes live in -32000...-32099 and are
/// documented in Docs/rpc.md; a code is never reused for another meaning.
public enum RPCErrorCode: Int, Sendable, CaseIterable, Codable {
    /// The frame was not valid JSON.
    case parseError = -32700
    /// The JSON was not a valid request object, or the frame was larger than the limit.
    case invalidRequest = -32600
    /// No such method.
    case methodNotFound = -32601
    /// The params did not match the method; the message names the field.
    case invalidParams = -32602
    /// The daemon failed while handling the request; details go to its log, not to the client.
    case internalError = -32603
    /// The configuration file is invalid; the daemon kept its previous configuration.
    case configInvalid = -32001
    /// The connecting user is neither the daemon's user nor root.
    case permissionDenied = -32002
    /// The daemon is shutting down and accepts no new work.
    case shuttingDown = -32003
    /// The engine refused the request (e.g. an unknown block); the message says why.
    case engineRefused = -32004
    /// The state database failed; nothing was changed.
    case storageFailed = -32005
    /// A calendar source named in the params is not configured.
    case unknownSource = -32006
    /// vigord could not write its own calendar; what was decided is saved and the write is retried.
    case calendarWriteFailed = -32007
    /// A health file could not be imported at all (missing, unreadable, not a known format); nothing was stored.
    case importFailed = -32008

    /// The standard message for the code.
    public var meaning: String {
        switch self {
        case .parseError: "Parse error"
        case .invalidRequest: "Invalid Request"
        case .methodNotFound: "Method not found"
        case .invalidParams: "Invalid params"
        case .internalError: "Internal error"
        case .configInvalid: "Configuration invalid"
        case .permissionDenied: "Permission denied"
        case .shuttingDown: "Shutting down"
        case .engineRefused: "Refused by the engine"
        case .storageFailed: "Storage failed"
        case .unknownSource: "Unknown calendar source"
        case .calendarWriteFailed: "Calendar write failed"
        case .importFailed: "Import failed"
        }
    }
}
