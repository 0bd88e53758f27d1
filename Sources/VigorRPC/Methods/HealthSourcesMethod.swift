/// `health.sources`: every watched health source (`[[health.source]]`) and how it fares.
public enum HealthSourcesMethod: RPCMethod {
    public typealias Params = NoParams
    public struct Result: Codable, Sendable, Equatable {
        public var sources: [HealthSourceView]
        public init(sources: [HealthSourceView]) { self.sources = sources }
    }
    public static let name = "health.sources"
    public static let summary =
        "Each watched health source: where it is, whether it is there, when vigord last read it, its newest sample, and why it fails."
    public static let resultSchema = Schema.object(["sources": Schema.array(of: HealthSourceView.schema)], required: ["sources"])
}

/// One watched health source and how it fares.
public struct HealthSourceView: Codable, Sendable, Equatable {
    public var name: String
    public var path: String
    /// The one format read from it (`gadgetbridge`, `health-auto-export`, `fit`, `jsonl`, `csv`); absent: every format.
    public var format: String?
    /// False while its path is not there (a watch not plugged in): waited for, not a failure.
    public var present: Bool
    /// False while its last read failed (`error` says why, since `failingSince`).
    public var ok: Bool
    /// Files vigord has read from it.
    public var files: Int
    /// When vigord last read a file of it; absent before the first.
    public var lastReadAt: RPCTimestamp?
    /// The start of the newest sample it gave; absent before any.
    public var newestSampleAt: RPCTimestamp?
    public var error: String?
    public var failingSince: RPCTimestamp?

    public init(
        name: String, path: String, format: String?, present: Bool, ok: Bool, files: Int, lastReadAt: RPCTimestamp?,
        newestSampleAt: RPCTimestamp?, error: String?, failingSince: RPCTimestamp?
    ) {
        self.name = name
        self.path = path
        self.format = format
        self.present = present
        self.ok = ok
        self.files = files
        self.lastReadAt = lastReadAt
        self.newestSampleAt = newestSampleAt
        self.error = error
        self.failingSince = failingSince
    }

    static let schema = Schema.object(
        [
            "name": Schema.string, "path": Schema.string, "format": Schema.string, "present": Schema.boolean, "ok": Schema.boolean,
            "files": Schema.integer, "lastReadAt": Schema.time, "newestSampleAt": Schema.time, "error": Schema.string,
            "failingSince": Schema.time,
        ],
        required: ["name", "path", "present", "ok", "files"])
}
