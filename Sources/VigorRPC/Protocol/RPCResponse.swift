/// A JSON-RPC 2.0 response: exactly one of `result` or `error`.
public struct RPCResponse: Sendable, Equatable, Codable {
    public var jsonrpc: String = "2.0"
    public var id: RPCID
    public var result: JSONValue?
    public var error: RPCErrorObject?

    public init(id: RPCID, result: JSONValue) {
        self.id = id
        self.result = result
        self.error = nil
    }

    public init(id: RPCID, error: RPCErrorObject) {
        self.id = id
        self.result = nil
        self.error = error
    }

    private enum CodingKeys: String, CodingKey { case jsonrpc, id, result, error }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        jsonrpc = try container.decode(String.self, forKey: .jsonrpc)
        id = try container.decode(RPCID.self, forKey: .id)
        error = try container.decodeIfPresent(RPCErrorObject.self, forKey: .error)
        result = error == nil ? try container.decodeIfPresent(JSONValue.self, forKey: .result) ?? .null : nil
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(jsonrpc, forKey: .jsonrpc)
        if let error {
            try container.encode(error, forKey: .error)
        } else {
            try container.encode(result ?? .null, forKey: .result)
        }
        try container.encode(id, forKey: .id)
    }
}
