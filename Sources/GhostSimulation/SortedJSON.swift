import Foundation

/// The simulator's one JSON encoder: pretty, sorted keys, slashes unescaped, so equal values give byte-identical text.
enum SortedJSON {
    /// `value` as JSON text ending in a newline.
    /// - Throws: `EncodingError` only for non-finite numbers, which the simulator never produces.
    static func text(_ value: some Encodable) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return String(decoding: try encoder.encode(value), as: UTF8.self) + "\n"
    }
}
