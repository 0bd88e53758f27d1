/// A closed set of words vigord reads from outside (RPC params, store columns, JSON): decoding any other word is an
/// error that names the words it takes, so a bad value is refused where it enters instead of converted in the middle.
public protocol VocabularyWord: RawRepresentable<String>, CaseIterable, Codable, Hashable, Sendable {}

extension VocabularyWord {
    /// Decodes one of the words; any other is `DecodingError.dataCorrupted` ("must be one of …; got '…'").
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        let word = try container.decode(String.self)
        guard let value = Self(rawValue: word) else {
            throw DecodingError.dataCorruptedError(in: container, debugDescription: "must be one of \(Self.wordList); got '\(word)'")
        }
        self = value
    }

    /// The words, comma-separated in declaration order: "tired, ok, good".
    public static var wordList: String { allCases.map(\.rawValue).joined(separator: ", ") }
}
