import Foundation
import Synchronization
import Testing

@testable import VigorRPC

/// A method used only here, with a required and an optional field, to exercise params checking.
private enum EchoMethod: RPCMethod {
    struct Params: Codable, Sendable {
        var text: String
        var times: Int?
    }
    typealias Result = [String]
    static let name = "test.echo"
    static let summary = "Echoes text."
    static let params = [
        OpenRPCParam(name: "text", required: true, description: "What to echo.", schema: Schema.string),
        OpenRPCParam(name: "times", required: false, description: "How often.", schema: Schema.integer),
    ]
    static let resultSchema = Schema.array(of: Schema.string)
}

private struct Boom: Error {}

private enum FailingMethod: RPCMethod {
    typealias Params = NoParams
    typealias Result = String
    static let name = "test.fail"
    static let summary = "Always fails."
    static let resultSchema = Schema.string
}

private func makeDispatcher(reported: ReportedErrors = ReportedErrors()) -> RPCDispatcher {
    var router = RPCRouter()
    router.register(EchoMethod.self) { params in Array(repeating: params.text, count: params.times ?? 1) }
    router.register(FailingMethod.self) { _ in throw Boom() }
    return RPCDispatcher(router: router) { method, _ in reported.append(method) }
}

private final class ReportedErrors: Sendable {
    private let methods = Mutex<[String]>([])
    func append(_ method: String) { methods.withLock { $0.append(method) } }
    var all: [String] { methods.withLock { $0 } }
}

private func reply(_ frame: String, dispatcher: RPCDispatcher = makeDispatcher()) async throws -> JSONValue? {
    guard let data = await dispatcher.reply(to: Data(frame.utf8)) else { return nil }
    return try JSONDecoder().decode(JSONValue.self, from: data)
}

private func errorCode(_ value: JSONValue?) -> Int64? {
    guard case .object(let error)? = value?.objectValue?["error"], case .integer(let code)? = error["code"] else { return nil }
    return code
}

private func errorMessage(_ value: JSONValue?) -> String? {
    value?.objectValue?["error"]?.objectValue?["message"]?.stringValue
}

@Test func validRequestGetsItsResultAndSameID() async throws {
    let answer = try await reply(#"{"jsonrpc":"2.0","method":"test.echo","params":{"text":"hi","times":2},"id":"abc"}"#)
    #expect(answer?.objectValue?["result"] == ["hi", "hi"])
    #expect(answer?.objectValue?["id"] == "abc")
    #expect(answer?.objectValue?["jsonrpc"] == "2.0")
}

@Test func malformedJSONIsParseErrorWithNullID() async throws {
    let answer = try await reply(#"{"jsonrpc":"2.0","method":"#)
    #expect(errorCode(answer) == -32700)
    #expect(answer?.objectValue?["id"] == .null)
}

@Test func nonObjectIsInvalidRequest() async throws {
    #expect(errorCode(try await reply("42")) == -32600)
    #expect(errorCode(try await reply(#""status""#)) == -32600)
}

@Test func wrongVersionIsInvalidRequestKeepingTheID() async throws {
    let answer = try await reply(#"{"jsonrpc":"1.0","method":"test.echo","id":7}"#)
    #expect(errorCode(answer) == -32600)
    #expect(answer?.objectValue?["id"] == 7)
}

@Test func nonStringMethodIsInvalidRequest() async throws {
    #expect(errorCode(try await reply(#"{"jsonrpc":"2.0","method":1,"id":1}"#)) == -32600)
}

@Test func scalarParamsAreInvalidRequest() async throws {
    #expect(errorCode(try await reply(#"{"jsonrpc":"2.0","method":"test.echo","params":"x","id":1}"#)) == -32600)
}

@Test func objectIDIsInvalidRequest() async throws {
    let answer = try await reply(#"{"jsonrpc":"2.0","method":"test.echo","id":{"a":1}}"#)
    #expect(errorCode(answer) == -32600)
    #expect(answer?.objectValue?["id"] == .null)
}

@Test func unknownMethodIsMethodNotFound() async throws {
    let answer = try await reply(#"{"jsonrpc":"2.0","method":"no.such","id":1}"#)
    #expect(errorCode(answer) == -32601)
    #expect(errorMessage(answer)?.contains("no.such") == true)
}

@Test func missingFieldIsInvalidParamsNamingTheField() async throws {
    let answer = try await reply(#"{"jsonrpc":"2.0","method":"test.echo","params":{},"id":1}"#)
    #expect(errorCode(answer) == -32602)
    #expect(errorMessage(answer)?.contains("'text'") == true)
}

@Test func wrongTypeIsInvalidParamsNamingTheField() async throws {
    let answer = try await reply(#"{"jsonrpc":"2.0","method":"test.echo","params":{"text":"a","times":"two"},"id":1}"#)
    #expect(errorCode(answer) == -32602)
    #expect(errorMessage(answer)?.contains("'times'") == true)
}

@Test func positionalParamsAreInvalidParams() async throws {
    let answer = try await reply(#"{"jsonrpc":"2.0","method":"test.echo","params":["a"],"id":1}"#)
    #expect(errorCode(answer) == -32602)
}

@Test func paramsToAMethodThatTakesNoneAreInvalidParams() async throws {
    let answer = try await reply(#"{"jsonrpc":"2.0","method":"test.fail","params":{"x":1},"id":1}"#)
    #expect(errorCode(answer) == -32602)
    #expect(errorMessage(answer)?.contains("'x'") == true)
}

@Test func handlerFailureIsInternalErrorWithoutDetailsAndIsReported() async throws {
    let reported = ReportedErrors()
    let answer = try await reply(#"{"jsonrpc":"2.0","method":"test.fail","id":1}"#, dispatcher: makeDispatcher(reported: reported))
    #expect(errorCode(answer) == -32603)
    #expect(errorMessage(answer) == "Internal error")
    #expect(answer?.objectValue?["error"]?.objectValue?["data"] == nil)
    #expect(reported.all == ["test.fail"])
}

@Test func notificationGetsNoReplyEvenWhenItFails() async throws {
    #expect(try await reply(#"{"jsonrpc":"2.0","method":"test.echo","params":{"text":"a"}}"#) == nil)
    #expect(try await reply(#"{"jsonrpc":"2.0","method":"no.such"}"#) == nil)
    #expect(try await reply(#"{"jsonrpc":"2.0","method":"test.fail"}"#) == nil)
}

@Test func emptyBatchIsOneInvalidRequest() async throws {
    let answer = try await reply("[]")
    #expect(errorCode(answer) == -32600)
}

@Test func batchAnswersEachRequestInOrderAndSkipsNotifications() async throws {
    let frame = #"[{"jsonrpc":"2.0","method":"test.echo","params":{"text":"a"},"id":1},"#
        + #"{"jsonrpc":"2.0","method":"test.echo","params":{"text":"n"}},"#
        + #"1,"#
        + #"{"jsonrpc":"2.0","method":"no.such","id":2}]"#
    guard case .array(let items)? = try await reply(frame) else {
        Issue.record("a batch must be answered with an array")
        return
    }
    #expect(items.count == 3)
    #expect(items[0].objectValue?["result"] == ["a"])
    #expect(errorCode(items[1]) == -32600)
    #expect(errorCode(items[2]) == -32601)
    #expect(items[2].objectValue?["id"] == 2)
}

@Test func batchOfOnlyNotificationsGetsNoReply() async throws {
    let frame = #"[{"jsonrpc":"2.0","method":"test.echo","params":{"text":"a"}},{"jsonrpc":"2.0","method":"test.fail"}]"#
    #expect(try await reply(frame) == nil)
}

@Test func oversizedFrameReplyIsInvalidRequest() throws {
    let answer = try JSONDecoder().decode(JSONValue.self, from: RPCDispatcher.oversizedFrameReply())
    #expect(errorCode(answer) == -32600)
}

@Test func anUnknownParamIsRefusedNamingItAndTheClosestKnownField() async throws {
    let answer = try await reply(#"{"jsonrpc":"2.0","method":"test.echo","params":{"text":"hi","tims":2},"id":1}"#)
    #expect(errorCode(answer) == -32602)
    #expect(errorMessage(answer) == "Invalid params: unknown field 'tims' (the closest known field is 'times'); known fields: text, times")
}

@Test func anExtraParamFarFromEveryKnownOneIsRefusedToo() async throws {
    let answer = try await reply(#"{"jsonrpc":"2.0","method":"test.echo","params":{"text":"hi","extra":1},"id":1}"#)
    #expect(errorCode(answer) == -32602)
    #expect(errorMessage(answer)?.hasPrefix("Invalid params: unknown field 'extra' (the closest known field is ") == true)
}
