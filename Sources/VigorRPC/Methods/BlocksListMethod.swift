/// `blocks.list`: the Ghost's blocks in a window, whatever became of them.
public enum BlocksListMethod: RPCMethod {
    public struct Params: Codable, Sendable, Equatable {
        /// Start: RFC 3339 or local date `YYYY-MM-DD`; default today's midnight.
        public var from: String?
        /// End (exclusive), same forms; default seven days after `from`.
        public var to: String?
        public init(from: String? = nil, to: String? = nil) {
            self.from = from
            self.to = to
        }
    }
    public struct Result: Codable, Sendable, Equatable {
        public var blocks: [BlockView]
        public init(blocks: [BlockView]) { self.blocks = blocks }
    }
    public static let name = "blocks.list"
    public static let summary = "Lists the Ghost's blocks starting in [from, to): proposed, scheduled, declined, removed, completed or missed."
    public static let params = [
        OpenRPCParam(name: "from", required: false, description: "RFC 3339 time or local date; default today.", schema: Schema.string),
        OpenRPCParam(name: "to", required: false, description: "RFC 3339 time or local date (exclusive); default from + 7 days.", schema: Schema.string),
    ]
    public static let resultSchema = Schema.object(["blocks": Schema.array(of: BlockView.schema)], required: ["blocks"])
}
