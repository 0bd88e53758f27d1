import Foundation
import NIOConcurrencyHelpers
import NIOPosix
import Testing
import VigorRPC

@testable import VigorDaemon

/// Records whether each handler ran on a NIO event loop thread.
private final class LoopSightings: Sendable {
    private let seen = NIOLockedValueBox<[String: Bool]>([:])
    func note(_ method: String) { seen.withLockedValue { $0[method] = MultiThreadedEventLoopGroup.currentEventLoop != nil } }
    func onLoop(_ method: String) -> Bool? { seen.withLockedValue { $0[method] } }
}

@Test func workHandlersLeaveTheEventLoopWhileStatusStaysOnIt() async throws {
    let group = MultiThreadedEventLoopGroup(numberOfThreads: 1)
    defer { group.shutdownGracefully { _ in } }
    let sightings = LoopSightings()
    var router = RPCRouter()
    router.register(StatusMethod.self) { _ in
        sightings.note(StatusMethod.name)
        throw RPCErrorObject(.internalError, "recorded")
    }
    router.registerOffLoop(DebugDelayMethod.self) { params in
        sightings.note(DebugDelayMethod.name)
        return DebugDelayMethod.Result(delayedMilliseconds: params.milliseconds)
    }
    let dispatcher = RPCDispatcher(router: router)
    // As a connection's task does: prefer the channel's event loop.
    let executor = EventLoopTaskExecutor(group.next())
    try await Task(executorPreference: executor) {
        _ = await dispatcher.reply(to: Data(#"{"jsonrpc":"2.0","id":1,"method":"status"}"#.utf8))
        let reply = try #require(await dispatcher.reply(
            to: Data(#"{"jsonrpc":"2.0","id":2,"method":"debug.delay","params":{"milliseconds":0}}"#.utf8)))
        #expect(String(decoding: reply, as: UTF8.self).contains(#""delayedMilliseconds":0"#))
    }.value
    #expect(sightings.onLoop(StatusMethod.name) == true)
    #expect(sightings.onLoop(DebugDelayMethod.name) == false)
}
