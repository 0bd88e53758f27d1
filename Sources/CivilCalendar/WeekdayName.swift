/// The one table of English weekday names, numbered as the Gregorian calendar numbers weekdays: 1 = Sunday …
/// 7 = Saturday. The config reader, `plan --hold`, setup, the triage slots and the status bar all read it.
public enum WeekdayName {
    /// Full names in lower case, Sunday first (`rest_days`, `week_starts`, `plan --hold wednesday`).
    public static let full = ["sunday", "monday", "tuesday", "wednesday", "thursday", "friday", "saturday"]

    /// Three-letter labels, Sunday first (`Mon 07:00`).
    public static let short = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"]

    /// The number of a name, full or shortened to at least three letters, in any case (`"Sat"`, `"thurs"`,
    /// `"saturday"`); nil otherwise. Three letters already tell every weekday apart.
    public static func number(of text: String) -> Int? {
        let lowered = String(text.drop { $0 == " " || $0 == "\t" }.reversed().drop { $0 == " " || $0 == "\t" }.reversed()).lowercased()
        guard lowered.count >= 3 else { return nil }
        return full.firstIndex { $0.hasPrefix(lowered) }.map { $0 + 1 }
    }

    /// The full name of day `number` (1 = Sunday; taken modulo 7).
    public static func name(of number: Int) -> String {
        full[((number - 1) % 7 + 7) % 7]
    }

    /// The three-letter label of day `number` (1 = Sunday; taken modulo 7).
    public static func label(of number: Int) -> String {
        short[((number - 1) % 7 + 7) % 7]
    }
}
