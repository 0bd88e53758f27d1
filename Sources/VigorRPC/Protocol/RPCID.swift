/// A JSON-RPC request id: a string, a number, or null (JSON-RPC 2.0, section 4).
public enum RPCID: Sendable, Hashable, Codable {
    case number(Int64)
    case string(String)
    case null

    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() {
            self = .null
        } else if let number = try? container.decode(Int64.self) {
            self = .number(number)
        } else {
            self = .string(try container.decode(String.self))
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case .number(let number): try container.encode(number)
        case .string(let text): try container.encode(text)
        case .null: try container.encodeNil()
        }
    }
}
