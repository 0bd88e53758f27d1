/// The table of method name → handler that a server answers from. Built once, then read-only.
public struct RPCRouter: Sendable {
    /// A handler takes the raw params (nil when absent) and returns an encodable result.
    public typealias RawHandler = @Sendable (JSONValue?) async throws -> any Encodable & Sendable

    private var handlers: [String: RawHandler] = [:]

    public init() {}

    /// The names of every method this router serves.
    public var methodNames: Set<String> { Set(handlers.keys) }

    /// Serves `method` with a typed handler; params are decoded and checked before it runs.
    public mutating func register<M: RPCMethod>(
        _ method: M.Type, handler: @escaping @Sendable (M.Params) async throws -> M.Result
    ) {
        handlers[M.name] = { raw in
            let params = try ParamsDecoder.decode(M.Params.self, from: raw)
            return try await handler(params)
        }
    }

    func handler(for name: String) -> RawHandler? {
        handlers[name]
    }
}

/// Turns raw params into a method's typed params, with a message that names the wrong field.
enum ParamsDecoder {
    static func decode<P: Decodable>(_ type: P.Type, from raw: JSONValue?) throws(RPCErrorObject) -> P {
        let value: JSONValue
        switch raw {
        case nil, .array([]):
            value = .object([:])
        case .object?:
            value = raw ?? .object([:])
        case .array?:
            throw RPCErrorObject(.invalidParams, "Invalid params: params must be given by name, as an object")
        case let other?:
            throw RPCErrorObject(.invalidParams, "Invalid params: params must be an object, got \(other.typeName)")
        }
        if value == .object([:]), let none = NoParams() as? P {
            return none
        }
        do {
            return try RPCCoding.decode(P.self, from: value)
        } catch let error as DecodingError {
            throw RPCErrorObject(.invalidParams, "Invalid params: " + describe(error))
        } catch {
            throw RPCErrorObject(.invalidParams, "Invalid params")
        }
    }

    static func describe(_ error: DecodingError) -> String {
        func path(_ keys: [any CodingKey]) -> String {
            keys.map { $0.intValue.map { "[\($0)]" } ?? $0.stringValue }.joined(separator: ".")
                .replacing(".[", with: "[")
        }
        switch error {
        case .keyNotFound(let key, let context):
            return "missing field '\(path(context.codingPath + [key]))'"
        case .typeMismatch(let type, let context):
            return "field '\(path(context.codingPath))' must be \(describe(type))"
        case .valueNotFound(let type, let context):
            return "field '\(path(context.codingPath))' must be \(describe(type)), not null"
        case .dataCorrupted(let context):
            return "field '\(path(context.codingPath))': \(context.debugDescription)"
        @unknown default:
            return "params do not match the method"
        }
    }

    private static func describe(_ type: Any.Type) -> String {
        switch type {
        case is String.Type: "a string"
        case is Bool.Type: "a boolean"
        case is Int.Type, is Int64.Type, is Int32.Type, is UInt.Type: "an integer"
        case is Double.Type: "a number"
        default: "\(type)"
        }
    }
}
