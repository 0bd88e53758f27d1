/// A JSON-RPC 2.0 request; without an `id` it is a notification and gets no reply.
public struct RPCRequest: Sendable, Equatable, Codable {
    public var jsonrpc: String = "2.0"
    public var method: String
    public var params: JSONValue?
    public var id: RPCID?

    public init(method: String, params: JSONValue? = nil, id: RPCID?) {
        self.method = method
        self.params = params
        self.id = id
    }

    /// True when the request carries no id: the server must not answer it.
    public var isNotification: Bool { id == nil }

    private enum CodingKeys: String, CodingKey { case jsonrpc, method, params, id }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(jsonrpc, forKey: .jsonrpc)
        try container.encode(method, forKey: .method)
        try container.encodeIfPresent(params, forKey: .params)
        try container.encodeIfPresent(id, forKey: .id)
    }
}
