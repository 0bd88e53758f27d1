import CivilCalendar

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
            let params = try ParamsDecoder.decode(M.Params.self, from: raw, known: M.params)
            return try await handler(params)
        }
    }

    func handler(for name: String) -> RawHandler? {
        handlers[name]
    }
}

/// Turns raw params into a method's typed params, with a message that names the wrong field.
enum ParamsDecoder {
    /// - Parameter known: the params the method's OpenRPC description lists; a key it does not list is refused, naming
    ///   the closest known one, so a misspelt key is never ignored without a word (nil: not checked).
    static func decode<P: Decodable>(_ type: P.Type, from raw: JSONValue?, known: [OpenRPCParam]? = nil) throws(RPCErrorObject) -> P {
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
        if let known, !(P.self is NoParams.Type) {
            let properties = known.reduce(into: [String: JSONValue]()) { $0[$1.name] = $1.schema }
            try refuseUnknownKeys(value, properties: properties, path: "")
        }
        do {
            return try RPCCoding.decode(P.self, from: value)
        } catch let error as DecodingError {
            throw RPCErrorObject(.invalidParams, "Invalid params: " + describe(error))
        } catch {
            throw RPCErrorObject(.invalidParams, "Invalid params")
        }
    }

    /// Refuses a member of `value` that `properties` does not name, looking into nested objects (and arrays of them)
    /// whose schema lists its own properties.
    private static func refuseUnknownKeys(_ value: JSONValue, properties: [String: JSONValue], path: String) throws(RPCErrorObject) {
        guard case .object(let members) = value else { return }
        for (key, member) in members.sorted(by: { $0.key < $1.key }) {
            let field = path.isEmpty ? key : path + "." + key
            guard let schema = properties[key] else {
                let names = Set(properties.keys)
                let closest = KeySuggestion.nearest(to: key, in: names).map { " (the closest known field is '\($0)')" } ?? ""
                let list = names.isEmpty ? "it takes none" : "known fields: " + names.sorted().joined(separator: ", ")
                throw RPCErrorObject(
                    .invalidParams, "Invalid params: unknown field '\(field)'\(closest); \(list)",
                    data: ["field": .string(field)])
            }
            try refuseUnknownKeys(member, schema: schema, path: field)
        }
    }

    private static func refuseUnknownKeys(_ value: JSONValue, schema: JSONValue, path: String) throws(RPCErrorObject) {
        guard case .object(let description) = schema else { return }
        switch value {
        case .object:
            guard case .object(let nested)? = description["properties"] else { return }
            try refuseUnknownKeys(value, properties: nested, path: path)
        case .array(let items):
            guard let itemSchema = description["items"] else { return }
            for (index, item) in items.enumerated() {
                try refuseUnknownKeys(item, schema: itemSchema, path: "\(path)[\(index)]")
            }
        default:
            return
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
