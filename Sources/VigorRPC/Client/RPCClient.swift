/// Calls the daemon one request per connection: what the CLI needs.
public struct RPCClient: Sendable {
    public let socketPath: String
    public let timeoutSeconds: Int

    public init(socketPath: String, timeoutSeconds: Int = 10) {
        self.socketPath = socketPath
        self.timeoutSeconds = timeoutSeconds
    }

    public func call<M: RPCMethod>(_ method: M.Type, _ params: M.Params) throws(RPCClientError) -> M.Result {
        let connection = try RPCConnection(socketPath: socketPath, timeoutSeconds: timeoutSeconds)
        return try connection.call(method, params)
    }

    public func call<M: RPCMethod>(_ method: M.Type) throws(RPCClientError) -> M.Result where M.Params == NoParams {
        try call(method, NoParams())
    }
}
