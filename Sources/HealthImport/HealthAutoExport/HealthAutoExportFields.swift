import Foundation

/// Reading one Health Auto Export value: its dates ("2026-03-23 06:40:00 +0100") and numbers.
enum HealthAutoExportFields {
    /// The source a sample is stored under when its entry names none.
    static let defaultSource = "Health Auto Export"

    /// The date written as RFC 3339 for `TextRecordBuilder`, or the skip that names Health Auto Export's form.
    static func timestamp(_ value: Any?, field: String) -> Result<String, Skip> {
        guard let text = JSONFieldValue.string(value) else { return .failure(Skip(reason: .missingField, message: "no \"\(field)\"")) }
        var characters = Array(text)
        // "2026-03-23 06:40:00 +0100": the space before the offset is the only difference from RFC 3339's
        // "2026-03-23 06:40:00+0100", which the text formats already read.
        if characters.count == 25, characters[19] == " ", characters[20] == "+" || characters[20] == "-" {
            characters.remove(at: 19)
        }
        let normalised = String(characters)
        guard case .success = RFC3339.parse(normalised) else {
            return .failure(Skip(
                reason: .badDate,
                message: "\(field) \"\(text)\" is not a date like 2026-03-23 06:40:00 +0100, as Health Auto Export writes"))
        }
        return .success(normalised)
    }

    /// A record skipped for a reason the user can read.
    struct Skip: Error {
        var reason: HealthSkipReason
        var message: String

        var outcome: RecordOutcome { .skipped(reason, message) }
    }
}
