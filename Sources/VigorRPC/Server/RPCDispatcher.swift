#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

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

    /// The reply to a frame, without the trailing newline; nil when no reply is due. A batch's
    /// requests run one after another, in order.
    public func reply(to frame: some ContiguousBytes) async -> Data? {
        let value: JSONValue
        do {
            value = try JSONParser.parse(frame)
        } catch {
            return Self.encode(.single(.failure(.null, RPCErrorObject(.parseError, "Parse error: \(error)"))))
        }
        guard case .array(let elements) = value else {
            return await answer(value).map { Self.encode(.single($0)) }
        }
        if elements.isEmpty {
            return Self.encode(.single(.failure(.null, RPCErrorObject(.invalidRequest, "Invalid Request: empty batch"))))
        }
        var replies: [OutgoingResponse] = []
        for element in elements {
            if let reply = await answer(element) { replies.append(reply) }
        }
        return replies.isEmpty ? nil : Self.encode(.batch(replies))
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
        do {
            return try RPCCoding.makeEncoder().encode(outgoing)
        } catch {
            let fallback = #"{"error":{"code":-32603,"message":"Internal error"},"id":null,"jsonrpc":"2.0"}"#
            return Data(fallback.utf8)
        }
    }

    /// Validates one request, runs its handler and gives its response; nil for a notification.
    private func answer(_ value: JSONValue) async -> OutgoingResponse? {
        let request: RPCRequest
        do {
            request = try RequestValidator.validate(value)
        } catch let failure {
            return .failure(failure.id, failure.error)
        }
        guard let handler = router.handler(for: request.method) else {
            return request.id.map { .failure($0, RPCErrorObject(.methodNotFound, "Method not found: \(request.method)")) }
        }
        do {
            let result = try await handler(request.params)
            return request.id.map { .success($0, result) }
        } catch let error as RPCErrorObject {
            return request.id.map { .failure($0, error) }
        } catch {
            reportInternalError(request.method, error)
            return request.id.map { .failure($0, RPCErrorObject(.internalError)) }
        }
    }
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
