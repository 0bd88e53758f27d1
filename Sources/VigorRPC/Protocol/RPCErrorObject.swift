/// The `error` member of a JSON-RPC response: a stable code, a human message, optional data.
public struct RPCErrorObject: Error, Sendable, Equatable, Codable, CustomStringConvertible {
    public var code: Int
    public var message: String
    public var data: JSONValue?

    public init(code: Int, message: String, data: JSONValue? = nil) {
        self.code = code
        self.message = message
        self.data = data
    }

    public init(_ code: RPCErrorCode, _ message: String? = nil, data: JSONValue? = nil) {
        self.init(code: code.rawValue, message: message ?? code.meaning, data: data)
    }

    public var description: String { "\(message) (code \(code))" }
}
