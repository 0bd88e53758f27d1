/// The fields of one JSON Lines object or CSV row, before validation; empty strings count as absent.
struct TextFields {
    /// A numeric field: absent, a number, or something that is not a number (kept for the message).
    enum Number {
        case absent
        case number(Double)
        case invalid(String)
    }

    var type: String?
    var start: String?
    var end: String?
    var value: Number = .absent
    var unit: String?
    var source: String?
    var detail: String?
    var energy: Number = .absent
    var energyUnit: String?

    /// Parses a number written as text (CSV, or a JSON string).
    static func number(fromText text: String?) -> Number {
        guard let text, !text.isEmpty else { return .absent }
        let trimmed = text.trimmingSpaces
        guard let value = ByteParsing.double(trimmed) else { return .invalid(text) }
        return .number(value)
    }
}

extension String {
    /// Without leading and trailing spaces and tabs.
    var trimmingSpaces: String {
        var view = Substring(self)
        while let first = view.first, first == " " || first == "\t" { view.removeFirst() }
        while let last = view.last, last == " " || last == "\t" { view.removeLast() }
        return String(view)
    }
}
