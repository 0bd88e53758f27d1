#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The one JSON configuration both sides use, so field names and key order cannot drift.
public enum RPCCoding {
    /// Largest frame, in bytes, the daemon accepts (the newline not counted).
    public static let maximumFrameBytes = 1 << 20

    /// An encoder producing compact, key-sorted JSON on one line.
    public static func makeEncoder() -> JSONEncoder {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return encoder
    }

    public static func makeDecoder() -> JSONDecoder {
        JSONDecoder()
    }

    /// Re-decodes a JSON value as a typed value.
    public static func decode<T: Decodable>(_ type: T.Type, from value: JSONValue) throws -> T {
        try makeDecoder().decode(T.self, from: makeEncoder().encode(value))
    }

    /// Encodes a typed value as a JSON value.
    public static func encodeValue<T: Encodable>(_ value: T) throws -> JSONValue {
        try makeDecoder().decode(JSONValue.self, from: makeEncoder().encode(value))
    }
}
