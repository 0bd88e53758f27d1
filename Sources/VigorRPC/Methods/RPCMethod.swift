/// One method of the vigord API: its name, its typed params and result, and the schema that
/// `rpc.discover` publishes. Daemon and CLI both use these types, so they cannot drift.
public protocol RPCMethod: Sendable {
    associatedtype Params: Codable & Sendable
    associatedtype Result: Codable & Sendable

    /// The JSON-RPC method name, e.g. `status`.
    static var name: String { get }
    /// One line for `rpc.discover` and Docs/rpc.md.
    static var summary: String { get }
    /// The params, by name, as OpenRPC content descriptors.
    static var params: [OpenRPCParam] { get }
    /// The JSON Schema of the result.
    static var resultSchema: JSONValue { get }
    /// Application errors this method can answer with, beyond the standard ones.
    static var errors: [RPCErrorCode] { get }
}

extension RPCMethod {
    public static var params: [OpenRPCParam] { [] }
    public static var errors: [RPCErrorCode] { [] }
}

/// The params of a method that takes none: absent, `{}` or `[]`.
public struct NoParams: Codable, Sendable, Equatable {
    public init() {}

    public init(from decoder: any Decoder) throws {
        if let container = try? decoder.container(keyedBy: AnyKey.self), let key = container.allKeys.first {
            throw DecodingError.dataCorrupted(
                .init(codingPath: [key], debugDescription: "this method takes no params"))
        }
    }

    public func encode(to encoder: any Encoder) throws {
        _ = encoder.container(keyedBy: AnyKey.self)
    }

    private struct AnyKey: CodingKey {
        var stringValue: String
        var intValue: Int? { nil }
        init(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }
}
