import Foundation

/// One field of a parsed JSON object (JSON Lines, Health Auto Export), as the text readers keep it.
enum JSONFieldValue {
    /// A string field, nil when absent or empty.
    static func string(_ value: Any?) -> String? {
        guard let text = value as? String, !text.isEmpty else { return nil }
        return text
    }

    /// A number field as `TextFields` keeps it: a JSON number, or text that reads as one.
    static func number(_ value: Any?) -> TextFields.Number {
        switch value {
        case nil, is NSNull: return .absent
        case let text as String: return TextFields.number(fromText: text)
        case let number as NSNumber:
            let double = number.doubleValue
            return double.isFinite ? .number(double) : .invalid(number.description)
        default: return .invalid(String(describing: value))
        }
    }
}
