/// `blocks.list`: the Ghost's blocks in a window, whatever became of them.
public enum BlocksListMethod: RPCMethod {
    public struct Params: Codable, Sendable, Equatable {
        /// Start: RFC 3339 or local date `YYYY-MM-DD`; default today's midnight.
        public var from: String?
        /// End (exclusive), same forms; default the midnight seven local days after `from`'s day (today and the next 6 days).
        public var to: String?
        public init(from: String? = nil, to: String? = nil) {
            self.from = from
            self.to = to
        }
    }
    public struct Result: Codable, Sendable, Equatable {
        public var blocks: [BlockView]
        /// The window's start and end (exclusive), in the user's zone: what the listing covers.
        public var from: RPCTimestamp
        public var to: RPCTimestamp
        public init(blocks: [BlockView], from: RPCTimestamp, to: RPCTimestamp) {
            self.blocks = blocks
            self.from = from
            self.to = to
        }
    }
    /// Days the default window covers: today and the next 6.
    public static let defaultDays = 7
    public static let name = "blocks.list"
    public static let summary = "Lists the Ghost's blocks starting in [from, to): proposed, scheduled, declined, removed, completed or missed."
    public static let params = [
        OpenRPCParam(name: "from", required: false, description: "RFC 3339 time or local date; default today.", schema: Schema.string),
        OpenRPCParam(name: "to", required: false, description: "RFC 3339 time or local date (exclusive); default the midnight 7 days after today's.", schema: Schema.string),
    ]
    public static let resultSchema = Schema.object(
        ["blocks": Schema.array(of: BlockView.schema), "from": Schema.time, "to": Schema.time], required: ["blocks", "from", "to"])
}
