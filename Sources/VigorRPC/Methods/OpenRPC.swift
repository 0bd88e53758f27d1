/// An OpenRPC content descriptor for one by-name parameter.
public struct OpenRPCParam: Sendable, Equatable {
    public var name: String
    public var required: Bool
    public var description: String
    public var schema: JSONValue

    public init(name: String, required: Bool, description: String, schema: JSONValue) {
        self.name = name
        self.required = required
        self.description = description
        self.schema = schema
    }
}

/// Small builders for the JSON Schemas the method descriptions use.
public enum Schema {
    public static let string: JSONValue = ["type": "string"]
    public static let integer: JSONValue = ["type": "integer"]
    public static let number: JSONValue = ["type": "number"]
    public static let boolean: JSONValue = ["type": "boolean"]
    /// An RFC 3339 time with offset.
    public static let time: JSONValue = ["type": "string", "format": "date-time"]

    /// An object schema; `required` lists the members always present.
    public static func object(_ properties: [String: JSONValue], required: [String]) -> JSONValue {
        [
            "type": "object",
            "properties": .object(properties),
            "required": .array(required.sorted().map { .string($0) }),
        ]
    }

    public static func array(of items: JSONValue) -> JSONValue {
        ["type": "array", "items": items]
    }

    public static func oneOf(_ values: [String]) -> JSONValue {
        ["type": "string", "enum": .array(values.map { .string($0) })]
    }

    public static func nullable(_ schema: JSONValue) -> JSONValue {
        ["oneOf": [schema, ["type": "null"]]]
    }
}

/// Builds the OpenRPC 1.2.6 document served by `rpc.discover`.
public enum OpenRPCDocument {
    public static func make(methods: [any RPCMethod.Type], version: String) -> JSONValue {
        let described: [JSONValue] = methods.sorted { $0.name < $1.name }.map { method in
            var errors: [RPCErrorCode] = method.errors
            errors.sort { $0.rawValue > $1.rawValue }
            return [
                "name": .string(method.name),
                "summary": .string(method.summary),
                "paramStructure": "by-name",
                "params": .array(method.params.map { param in
                    [
                        "name": .string(param.name),
                        "required": .bool(param.required),
                        "description": .string(param.description),
                        "schema": param.schema,
                    ]
                }),
                "result": ["name": .string("\(method.name) result"), "schema": method.resultSchema],
                "errors": .array(errors.map { ["code": .integer(Int64($0.rawValue)), "message": .string($0.meaning)] }),
            ]
        }
        return [
            "openrpc": "1.2.6",
            "info": [
                "title": "vigord",
                "version": .string(version),
                "description": "The vigord daemon's local API: JSON-RPC 2.0, one JSON value per line, over a Unix socket.",
            ],
            "methods": .array(described),
        ]
    }
}
