import Foundation

/// Answers one frame (a JSON object or batch array) with the bytes of the reply, or nil when
/// nothing must be sent (a notification, or a batch of them). Transport-free, so every
/// protocol rule is tested without a socket.
public struct RPCDispatcher: Sendable {
    /// Called for a handler failure that is not the client's fault; the client only sees -32603.
    public typealias InternalErrorReporter = @Sendable (_ method: String, _ error: any Error) -> Void

    private let router: RPCRouter
    private let reportInternalError: InternalErrorReporter

    public init(router: RPCRouter, reportInternalError: @escaping InternalErrorReporter = { _, _ in }) {
        self.router = router
        self.reportInternalError = reportInternalError
    }

    /// The reply to a frame, without the trailing newline; nil when no reply is due.
    public func reply(to frame: Data) async -> Data? {
        switch answerNow(frame) {
        case .ready(let reply): reply
        case .pending(let pending): await finish(pending)
        }
    }

    /// Answers a frame as far as it can without suspending: parse and request errors, unknown methods and
    /// immediate handlers give the reply at once; a frame that needs any suspending handler is left pending,
    /// with none of its handlers run yet.
    public func answerNow(_ frame: some ContiguousBytes) -> FrameAnswer {
        let value: JSONValue
        do {
            value = try JSONParser.parse(frame)
        } catch {
            return .ready(Self.encode(.single(.failure(.null, RPCErrorObject(.parseError, "Parse error: \(error)")))))
        }
        guard case .array(let elements) = value else {
            let step = prepare(value)
            if case .suspending = step { return .pending(PendingFrame(steps: [step], isBatch: false)) }
            return .ready(runNow(step).map { Self.encode(.single($0)) })
        }
        if elements.isEmpty {
            return .ready(Self.encode(.single(.failure(.null, RPCErrorObject(.invalidRequest, "Invalid Request: empty batch")))))
        }
        let steps = elements.map(prepare)
        if steps.contains(where: { if case .suspending = $0 { true } else { false } }) {
            return .pending(PendingFrame(steps: steps, isBatch: true))
        }
        return .ready(Self.encodeBatch(steps.compactMap(runNow)))
    }

    /// Finishes a pending frame: runs its handlers in order and gives the reply, or nil when none is due.
    public func finish(_ pending: PendingFrame) async -> Data? {
        var replies: [OutgoingResponse] = []
        for step in pending.steps {
            let reply: OutgoingResponse?
            if case .suspending(let request, let handler) = step {
                reply = await outcome(of: request) { try await handler(request.params) }
            } else {
                reply = runNow(step)
            }
            if let reply { replies.append(reply) }
        }
        return pending.isBatch ? Self.encodeBatch(replies) : replies.first.map { Self.encode(.single($0)) }
    }

    /// The reply sent before closing a connection whose frame exceeded the size limit.
    public static func oversizedFrameReply() -> Data {
        let message = "Invalid Request: frame larger than \(RPCCoding.maximumFrameBytes) bytes; closing the connection"
        return encode(.single(.failure(.null, RPCErrorObject(.invalidRequest, message))))
    }

    /// A reply that carries one error with a null id, e.g. for a refused peer.
    public static func errorReply(_ error: RPCErrorObject) -> Data {
        encode(.single(.failure(.null, error)))
    }

    private static func encode(_ outgoing: OutgoingMessage) -> Data {
        if case .single(.success(let id, let result as any JSONWritable)) = outgoing {
            var json = JSONWriter()
            json.beginObject()
            json.key("id"); id.write(to: &json)
            json.key("jsonrpc"); json.string("2.0")
            json.key("result"); result.write(to: &json)
            json.endObject()
            return Data(json.bytes)
        }
        do {
            return try RPCCoding.makeEncoder().encode(outgoing)
        } catch {
            let fallback = #"{"error":{"code":-32603,"message":"Internal error"},"id":null,"jsonrpc":"2.0"}"#
            return Data(fallback.utf8)
        }
    }

    private static func encodeBatch(_ replies: [OutgoingResponse]) -> Data? {
        replies.isEmpty ? nil : encode(.batch(replies))
    }

    /// Validates one request and finds its handler, without running it.
    private func prepare(_ value: JSONValue) -> PendingFrame.Step {
        let request: RPCRequest
        do {
            request = try RequestValidator.validate(value)
        } catch let failure {
            return .answered(.failure(failure.id, failure.error))
        }
        switch router.handler(for: request.method) {
        case nil:
            return .answered(request.id.map { .failure($0, RPCErrorObject(.methodNotFound, "Method not found: \(request.method)")) })
        case .immediate(let handler)?:
            return .immediate(request, handler)
        case .suspending(let handler)?:
            return .suspending(request, handler)
        }
    }

    /// The reply of a step that does not suspend; a suspending step is never passed here.
    private func runNow(_ step: PendingFrame.Step) -> OutgoingResponse? {
        switch step {
        case .answered(let reply): reply
        case .immediate(let request, let handler): outcome(of: request) { try handler(request.params) }
        case .suspending(let request, _): request.id.map { .failure($0, RPCErrorObject(.internalError)) }
        }
    }

    private func outcome(of request: RPCRequest, _ body: () throws -> any Encodable & Sendable) -> OutgoingResponse? {
        do {
            let result = try body()
            return request.id.map { .success($0, result) }
        } catch {
            return failure(of: request, error)
        }
    }

    private func outcome(of request: RPCRequest, _ body: () async throws -> any Encodable & Sendable) async -> OutgoingResponse? {
        do {
            let result = try await body()
            return request.id.map { .success($0, result) }
        } catch {
            return failure(of: request, error)
        }
    }

    private func failure(of request: RPCRequest, _ error: any Error) -> OutgoingResponse? {
        if let error = error as? RPCErrorObject { return request.id.map { .failure($0, error) } }
        reportInternalError(request.method, error)
        return request.id.map { .failure($0, RPCErrorObject(.internalError)) }
    }
}

/// A frame's answer as far as it could be given without suspending.
public enum FrameAnswer: Sendable {
    /// The reply, or nil when none is due (notifications only).
    case ready(Data?)
    /// At least one handler must suspend: pass this to `RPCDispatcher.finish(_:)`.
    case pending(PendingFrame)
}

/// A validated frame whose handlers have not run yet.
public struct PendingFrame: Sendable {
    enum Step: Sendable {
        case answered(OutgoingResponse?)
        case immediate(RPCRequest, RPCRouter.ImmediateRawHandler)
        case suspending(RPCRequest, RPCRouter.RawHandler)
    }

    let steps: [Step]
    let isBatch: Bool
}

/// Checks the shape of a request object (JSON-RPC 2.0, section 4).
enum RequestValidator {
    struct Failure: Error {
        var id: RPCID
        var error: RPCErrorObject
    }

    static func validate(_ value: JSONValue) throws(Failure) -> RPCRequest {
        guard case .object(let members) = value else {
            throw Failure(id: .null, error: RPCErrorObject(.invalidRequest, "Invalid Request: expected an object, got \(value.typeName)"))
        }
        let id: RPCID?
        switch members["id"] {
        case nil: id = nil
        case .null?: id = .null
        case .integer(let number)?: id = .number(number)
        case .string(let text)?: id = .string(text)
        case let other?:
            throw Failure(id: .null, error: RPCErrorObject(.invalidRequest, "Invalid Request: id must be a string, an integer or null, got \(other.typeName)"))
        }
        func invalid(_ reason: String) -> Failure {
            Failure(id: id ?? .null, error: RPCErrorObject(.invalidRequest, "Invalid Request: \(reason)"))
        }
        guard members["jsonrpc"] == .string("2.0") else { throw invalid("jsonrpc must be \"2.0\"") }
        guard case .string(let method)? = members["method"] else { throw invalid("method must be a string") }
        let params = members["params"]
        switch params {
        case nil, .array?, .object?: break
        case let other?: throw invalid("params must be an object or an array, got \(other.typeName)")
        }
        return RPCRequest(method: method, params: params, id: id)
    }
}

/// A reply on its way out: one response or a batch of them.
enum OutgoingMessage: Encodable {
    case single(OutgoingResponse)
    case batch([OutgoingResponse])

    func encode(to encoder: any Encoder) throws {
        switch self {
        case .single(let response): try response.encode(to: encoder)
        case .batch(let responses): try responses.encode(to: encoder)
        }
    }
}

/// One response, encoded straight from the handler's typed result (no intermediate JSON tree).
enum OutgoingResponse: Encodable, Sendable {
    case success(RPCID, any Encodable & Sendable)
    case failure(RPCID, RPCErrorObject)

    private enum CodingKeys: String, CodingKey { case jsonrpc, id, result, error }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode("2.0", forKey: .jsonrpc)
        switch self {
        case .success(let id, let result):
            try container.encode(id, forKey: .id)
            try result.encode(to: container.superEncoder(forKey: .result))
        case .failure(let id, let error):
            try container.encode(id, forKey: .id)
            try container.encode(error, forKey: .error)
        }
    }
}
