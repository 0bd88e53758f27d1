import Foundation
import Testing
import VigorRPC

@testable import VigorDaemon
@testable import VigorConfig

/// Sends one request for `method` with `params` (a JSON object's text) through the daemon's router.
func routerCall(_ method: String, _ params: String, _ context: LocalAPI.Context) async throws -> RPCResponse {
    let frame = #"{"jsonrpc":"2.0","method":"\#(method)","params":\#(params),"id":1}"#
    let reply = try #require(await RPCDispatcher(router: LocalAPI(context).router()).reply(to: Data(frame.utf8)))
    return try JSONDecoder().decode(RPCResponse.self, from: reply)
}

/// The same, decoded as `M`'s result; a test fails with the error when there is none.
func routerResult<M: RPCMethod>(_ method: M.Type, _ params: String, _ context: LocalAPI.Context) async throws -> M.Result {
    let response = try await routerCall(M.name, params, context)
    return try RPCCoding.decode(M.Result.self, from: try #require(response.result, "\(String(describing: response.error))"))
}

/// A test context in Berlin at `now`.
func berlinContext(now: Date) throws -> LocalAPI.Context {
    var config = DaemonConfig()
    config.schedule.timezone = "Europe/Berlin"
    return try makeTestContext(config: config, now: now)
}
