import Foundation
import Logging
import Store
import Testing
import VigorRPC

@testable import VigorDaemon

private func makeContext(testHooks: Bool, configPath: String = "/nonexistent/config.toml") throws -> DaemonRouter.Context {
    let state = DaemonState(
        config: DaemonConfig(), origin: .defaults, configPath: configPath, configMayBeMissing: true,
        startedAt: Date(timeIntervalSince1970: 1_795_341_600), now: { Date(timeIntervalSince1970: 1_795_341_690) },
        logger: Logger(label: "test"))
    return DaemonRouter.Context(state: state, socket: .path("/tmp/t.sock"), database: try AppDatabase.inMemory(), testHooks: testHooks)
}

private func documentedNames(_ document: JSONValue) -> Set<String> {
    guard case .array(let methods)? = document.objectValue?["methods"] else { return [] }
    return Set(methods.compactMap { $0.objectValue?["name"]?.stringValue })
}

@Test func servedMethodsAndDiscoverDocumentAgree() async throws {
    for hooks in [false, true] {
        let router = DaemonRouter.make(try makeContext(testHooks: hooks))
        let dispatcher = RPCDispatcher(router: router)
        let reply = try #require(await dispatcher.reply(to: Data(#"{"jsonrpc":"2.0","method":"rpc.discover","id":1}"#.utf8)))
        let response = try JSONDecoder().decode(RPCResponse.self, from: reply)
        let document = try #require(response.result)
        #expect(documentedNames(document) == router.methodNames)
        #expect(router.methodNames.contains("debug.delay") == hooks)
    }
}

@Test func statusReportsUptimeFromTheInjectedClock() async throws {
    let context = try makeContext(testHooks: false)
    let router = DaemonRouter.make(context)
    let reply = try #require(await RPCDispatcher(router: router).reply(to: Data(#"{"jsonrpc":"2.0","method":"status","id":1}"#.utf8)))
    let status = try RPCCoding.decode(DaemonStatus.self, from: try #require(JSONDecoder().decode(RPCResponse.self, from: reply).result))
    #expect(status.uptimeSeconds == 90)
    #expect(status.configSource == "defaults")
    #expect(status.database.schemaVersion == "v1-daemon-runs")
}

@Test func reloadOfAnInvalidFileKeepsTheOldConfigAndAnswersConfigInvalid() async throws {
    let path = NSTemporaryDirectory() + "vigor-reload-\(UUID().uuidString).toml"
    try "[schedule]\nmorning = \"05:00\"\n".write(toFile: path, atomically: true, encoding: .utf8)
    let context = try makeContext(testHooks: false, configPath: path)
    #expect(await context.state.reload().ok)
    try "[schedule]\nmornin = \"07:00\"\n".write(toFile: path, atomically: true, encoding: .utf8)
    let reply = try #require(await RPCDispatcher(router: DaemonRouter.make(context)).reply(
        to: Data(#"{"jsonrpc":"2.0","method":"daemon.reload","id":1}"#.utf8)))
    let error = try #require(JSONDecoder().decode(RPCResponse.self, from: reply).error)
    #expect(error.code == -32001)
    #expect(error.message.contains("schedule.mornin"))
    #expect(await context.state.config.schedule.morning == LocalTime(hour: 5, minute: 0))
}
