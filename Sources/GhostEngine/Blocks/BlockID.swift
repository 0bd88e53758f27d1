/// Identifier of a block the ghost placed or proposed; encodes as a plain JSON string.
public struct BlockID: RawRepresentable, Codable, Sendable, Hashable, Comparable, CustomStringConvertible {
    /// The identifier text, e.g. `b12`.
    public let rawValue: String

    /// Wraps an identifier.
    public init(rawValue: String) {
        self.rawValue = rawValue
    }

    public init(from decoder: any Decoder) throws {
        rawValue = try decoder.singleValueContainer().decode(String.self)
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(rawValue)
    }

    public static func < (lhs: BlockID, rhs: BlockID) -> Bool {
        lhs.rawValue < rhs.rawValue
    }

    public var description: String { rawValue }
}
