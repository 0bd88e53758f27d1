import CivilCalendar
import Foundation

/// One key's value as the file gives it, with what its messages need: the key as the file spells it, its table and
/// the reader (which finds the line). Each reading names the type in today's words: `must be a string, got …`.
struct KeyInput {
    let value: ConfigTree
    /// The key as the file spells it (an old name stays the old name in messages).
    let key: String
    let place: ConfigReader.Place
    let reader: ConfigReader

    /// `FILE:LINE: key 'TABLE.KEY': MESSAGE`.
    func error(_ message: String) -> ConfigError { reader.error(place, key, message) }

    func string() throws(ConfigError) -> String {
        guard case .string(let text) = value else { throw error("must be a string, got \(value.typeName)") }
        return text
    }

    func integer() throws(ConfigError) -> Int {
        guard case .integer(let number) = value else { throw error("must be an integer, got \(value.typeName)") }
        return number
    }

    /// An integer in `range`; outside it, `RULE; got N`.
    func integer(in range: ClosedRange<Int>, _ rule: String) throws(ConfigError) -> Int {
        let number = try integer()
        guard range.contains(number) else { throw error("\(rule); got \(number)") }
        return number
    }

    func bool() throws(ConfigError) -> Bool {
        guard case .bool(let flag) = value else { throw error("must be true or false, got \(value.typeName)") }
        return flag
    }

    /// `"HH:MM"`, 24-hour; `example` shows the right form in the message.
    func time(example: String) throws(ConfigError) -> TimeOfDay {
        let text = try string()
        guard let time = TimeOfDay(parsing: text) else { throw error("must be HH:MM (24-hour), e.g. \(example); got '\(text)'") }
        return time
    }

    /// A path: `~/x` is under the home folder; a relative path is relative to the config file's folder.
    func path() throws(ConfigError) -> String {
        reader.resolvePath(try string())
    }

    /// One of `words`, or `FAILURE` (the message of that key) naming what was given.
    func word(of words: [String], _ failure: (String) -> String) throws(ConfigError) -> String {
        let text = try string()
        guard words.contains(text) else { throw error(failure(text)) }
        return text
    }

    /// A list whose every item `item` reads (its 1-based number and value); not a list: `notAList`.
    func list<Item>(
        _ notAList: (ConfigTree) -> String, item: (Int, ConfigTree) throws(ConfigError) -> Item
    ) throws(ConfigError) -> [Item] {
        guard case .array(let items) = value else { throw error(notAList(value)) }
        var result: [Item] = []
        for (index, element) in items.enumerated() { result.append(try item(index + 1, element)) }
        return result
    }

    /// A `[profile]` list: at most 20 strings of 1–100 characters, one line each.
    func words() throws(ConfigError) -> [String] {
        guard case .array(let items) = value, items.count <= 20 else {
            throw error("must be an array of at most 20 strings, e.g. [\"dumbbells\", \"bike\"]")
        }
        return try items.enumerated().map { index, item throws(ConfigError) in
            guard case .string(let text) = item, (1...100).contains(text.count), !text.contains("\n") else {
                throw error("item \(index + 1) must be one line of 1-100 characters; got \(Self.describe(item))")
            }
            return text
        }
    }

    /// A weekday name, full or from three letters, any case; 1 = Sunday … 7 = Saturday. nil: not a weekday.
    static func weekday(_ text: String) -> (number: Int?, suggestion: String) {
        guard let day = WeekdayName.number(of: text) else {
            let suggestion = KeySuggestion.closest(to: text.lowercased(), in: Set(WeekdayName.full)).map { " (did you mean \"\($0)\"?)" } ?? ""
            return (nil, suggestion)
        }
        return (day, "")
    }

    /// A value in a message: a string quoted, anything else by its type.
    static func describe(_ value: ConfigTree) -> String {
        if case .string(let text) = value { return "'\(text)'" }
        return value.typeName
    }
}
