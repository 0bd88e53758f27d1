/// `travel.set`: you are travelling from `from` to `to` (local dates, inclusive): no training is
/// placed on those days. `clear: true` removes current and future travel.
public enum TravelSetMethod: RPCMethod {
    public struct Params: Codable, Sendable, Equatable {
        /// First travel day, `YYYY-MM-DD`.
        public var from: String?
        /// Last travel day, `YYYY-MM-DD` (inclusive).
        public var to: String?
        /// Remove current and future travel instead.
        public var clear: Bool?
        public init(from: String? = nil, to: String? = nil, clear: Bool? = nil) {
            self.from = from
            self.to = to
            self.clear = clear
        }
    }
    public typealias Result = TravelStatus
    public static let name = "travel.set"
    public static let summary = "Marks local days from..to (inclusive) as travel: nothing is placed on them. clear: true removes current and future travel."
    public static let params = [
        OpenRPCParam(name: "from", required: false, description: "First travel day, YYYY-MM-DD.", schema: Schema.string),
        OpenRPCParam(name: "to", required: false, description: "Last travel day, YYYY-MM-DD.", schema: Schema.string),
        OpenRPCParam(name: "clear", required: false, description: "true to remove current and future travel.", schema: Schema.boolean),
    ]
    public static let resultSchema = TravelStatus.schema
    public static let errors: [RPCErrorCode] = [.storageFailed]
}

/// Travel as `status` shows it: current and coming ranges of local dates.
public struct TravelStatus: Codable, Sendable, Equatable {
    /// True when today is a travel day.
    public var travellingToday: Bool
    /// `["2026-11-24..2026-11-27"]`.
    public var ranges: [String]

    public init(travellingToday: Bool, ranges: [String]) {
        self.travellingToday = travellingToday
        self.ranges = ranges
    }

    static let schema = Schema.object(
        ["travellingToday": Schema.boolean, "ranges": Schema.array(of: Schema.string)], required: ["travellingToday", "ranges"])
}
