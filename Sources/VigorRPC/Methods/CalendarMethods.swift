/// `calendar.busy`: the merged busy time of every source (or one) over a window, with what caused
/// each interval and which days are unknown because a source failed.
public enum CalendarBusyMethod: RPCMethod {
    public struct Params: Codable, Sendable, Equatable {
        /// Start of the window: RFC 3339, or a local date `YYYY-MM-DD` (midnight in the user's zone); default now.
        public var from: String?
        /// End of the window (exclusive), same forms; default seven days after `from`.
        public var to: String?
        /// Only this source, by name.
        public var source: String?
        public init(from: String? = nil, to: String? = nil, source: String? = nil) {
            self.from = from
            self.to = to
            self.source = source
        }
    }
    public typealias Result = CalendarBusy
    public static let name = "calendar.busy"
    public static let summary = "Merged busy intervals over [from, to) with their causes, the days unknown because a source failed, and each source's state."
    public static let params = [
        OpenRPCParam(name: "from", required: false, description: "RFC 3339 time or local date YYYY-MM-DD; default now.", schema: Schema.string),
        OpenRPCParam(name: "to", required: false, description: "RFC 3339 time or local date YYYY-MM-DD (exclusive); default from + 7 days.", schema: Schema.string),
        OpenRPCParam(name: "source", required: false, description: "Only this source.", schema: Schema.string),
    ]
    public static let resultSchema = CalendarBusy.schema
    public static let errors: [RPCErrorCode] = [.unknownSource]
}

/// `calendar.sources`: every configured source and its state.
public enum CalendarSourcesMethod: RPCMethod {
    public typealias Params = NoParams
    public struct Result: Codable, Sendable, Equatable {
        public var sources: [CalendarSourceView]
        public init(sources: [CalendarSourceView]) { self.sources = sources }
    }
    public static let name = "calendar.sources"
    public static let summary = "Each configured calendar source: where it is, whether it loaded, why not, and how old its data is."
    public static let resultSchema = Schema.object(["sources": Schema.array(of: CalendarSourceView.schema)], required: ["sources"])
}

/// The result of `calendar.busy`.
public struct CalendarBusy: Codable, Sendable, Equatable {
    public var from: RPCTimestamp
    public var to: RPCTimestamp
    public var intervals: [BusyIntervalView]
    /// Local dates (`YYYY-MM-DD`, user's zone) on which a failed source leaves the picture unknown.
    public var unknownDays: [String]
    public var sources: [CalendarSourceView]

    public init(from: RPCTimestamp, to: RPCTimestamp, intervals: [BusyIntervalView], unknownDays: [String], sources: [CalendarSourceView]) {
        self.from = from
        self.to = to
        self.intervals = intervals
        self.unknownDays = unknownDays
        self.sources = sources
    }

    static let schema = Schema.object(
        [
            "from": Schema.time, "to": Schema.time, "intervals": Schema.array(of: BusyIntervalView.schema),
            "unknownDays": Schema.array(of: Schema.string), "sources": Schema.array(of: CalendarSourceView.schema),
        ],
        required: ["from", "to", "intervals", "unknownDays", "sources"])
}

/// One merged busy interval and the events that made it busy.
public struct BusyIntervalView: Codable, Sendable, Equatable {
    public var start: RPCTimestamp
    public var end: RPCTimestamp
    public var sources: [BusyCauseView]

    public init(start: RPCTimestamp, end: RPCTimestamp, sources: [BusyCauseView]) {
        self.start = start
        self.end = end
        self.sources = sources
    }

    static let schema = Schema.object(
        ["start": Schema.time, "end": Schema.time, "sources": Schema.array(of: BusyCauseView.schema)],
        required: ["start", "end", "sources"])
}

/// An event behind a busy interval: its source and summary.
public struct BusyCauseView: Codable, Sendable, Equatable {
    public var source: String
    public var summary: String

    public init(source: String, summary: String) {
        self.source = source
        self.summary = summary
    }

    static let schema = Schema.object(["source": Schema.string, "summary": Schema.string], required: ["source", "summary"])
}

/// A calendar source's state.
public struct CalendarSourceView: Codable, Sendable, Equatable {
    public var name: String
    /// `file`, `vdir` or `url`.
    public var kind: String
    public var location: String
    public var ok: Bool
    /// Why the source failed, or what was skipped in it.
    public var error: String?
    /// Age of the data used, in seconds; absent when nothing was ever loaded.
    public var ageSeconds: Int?

    public init(name: String, kind: String, location: String, ok: Bool, error: String?, ageSeconds: Int?) {
        self.name = name
        self.kind = kind
        self.location = location
        self.ok = ok
        self.error = error
        self.ageSeconds = ageSeconds
    }

    static let schema = Schema.object(
        [
            "name": Schema.string, "kind": Schema.oneOf(["file", "vdir", "url"]), "location": Schema.string,
            "ok": Schema.boolean, "error": Schema.string, "ageSeconds": Schema.integer,
        ],
        required: ["name", "kind", "location", "ok"])
}
