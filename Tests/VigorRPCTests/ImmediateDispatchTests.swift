import Foundation
import Synchronization
import Testing

@testable import VigorRPC

/// Counts how often a handler ran.
private final class Calls: Sendable {
    private let count = Mutex(0)
    func note() { count.withLock { $0 += 1 } }
    var total: Int { count.withLock { $0 } }
}

private enum NowMethod: RPCMethod {
    typealias Params = NoParams
    typealias Result = String
    static let name = "test.now"
    static let summary = "Answers at once."
    static let resultSchema = Schema.string
}

private enum LaterMethod: RPCMethod {
    typealias Params = NoParams
    typealias Result = String
    static let name = "test.later"
    static let summary = "Answers after suspending."
    static let resultSchema = Schema.string
}

private func makeDispatcher(_ calls: Calls) -> RPCDispatcher {
    var router = RPCRouter()
    router.registerImmediate(NowMethod.self) { _ in
        calls.note()
        return "now"
    }
    router.register(LaterMethod.self) { _ in
        await Task.yield()
        return "later"
    }
    return RPCDispatcher(router: router)
}

private func text(_ data: Data?) -> String? {
    data.map { String(decoding: $0, as: UTF8.self) }
}

@Test func anImmediateMethodIsAnsweredWithoutSuspending() throws {
    let calls = Calls()
    guard case .ready(let reply) = makeDispatcher(calls).answerNow(Data(#"{"jsonrpc":"2.0","method":"test.now","id":1}"#.utf8)) else {
        Issue.record("an immediate method must not be left pending")
        return
    }
    #expect(text(reply) == #"{"id":1,"jsonrpc":"2.0","result":"now"}"#)
    #expect(calls.total == 1)
}

@Test func errorsAreAnsweredWithoutSuspending() throws {
    let dispatcher = makeDispatcher(Calls())
    for frame in ["{nope", #"{"jsonrpc":"2.0","method":"nothing.here","id":1}"#, "[]", #"{"jsonrpc":"2.0","method":"test.now","params":{"x":1},"id":2}"#] {
        guard case .ready(let reply) = dispatcher.answerNow(Data(frame.utf8)) else {
            Issue.record("\(frame) must be answered at once")
            continue
        }
        #expect(text(reply)?.contains(#""error""#) == true, "\(frame)")
    }
}

@Test func aNotificationToAnImmediateMethodRunsItAndGetsNoReply() throws {
    let calls = Calls()
    guard case .ready(let reply) = makeDispatcher(calls).answerNow(Data(#"{"jsonrpc":"2.0","method":"test.now"}"#.utf8)) else {
        Issue.record("an immediate notification must not be left pending")
        return
    }
    #expect(reply == nil)
    #expect(calls.total == 1)
}

@Test func aBatchWithOneSuspendingRequestRunsNoneOfItsHandlersUntilFinished() async throws {
    let calls = Calls()
    let dispatcher = makeDispatcher(calls)
    let batch = #"[{"jsonrpc":"2.0","method":"test.now","id":1},{"jsonrpc":"2.0","method":"test.later","id":2},{"jsonrpc":"2.0","method":"test.now","id":3}]"#
    guard case .pending(let pending) = dispatcher.answerNow(Data(batch.utf8)) else {
        Issue.record("a batch with a suspending method must be left pending")
        return
    }
    #expect(calls.total == 0)
    let reply = try #require(await dispatcher.finish(pending))
    let responses = try JSONDecoder().decode([RPCResponse].self, from: reply)
    #expect(responses.map(\.id) == [.number(1), .number(2), .number(3)])
    #expect(responses.map(\.result) == ["now", "later", "now"])
    #expect(calls.total == 2)
}

@Test func aBatchOfImmediateMethodsIsAnsweredAtOnceInOrder() throws {
    let batch = #"[{"jsonrpc":"2.0","method":"test.now","id":"a"},{"jsonrpc":"2.0","method":"test.now"},{"jsonrpc":"2.0","method":"test.now","id":"c"}]"#
    guard case .ready(let reply) = makeDispatcher(Calls()).answerNow(Data(batch.utf8)) else {
        Issue.record("a batch of immediate methods must be answered at once")
        return
    }
    let responses = try JSONDecoder().decode([RPCResponse].self, from: try #require(reply))
    #expect(responses.map(\.id) == [.string("a"), .string("c")])
}
