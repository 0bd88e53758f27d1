/// Values written back in TOML syntax, as `vigorctl config` shows them.
enum TOMLText {
    /// `"text"`, with `\` and `"` escaped.
    static func quoted(_ text: String) -> String {
        "\"" + text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"") + "\""
    }

    /// `[a, b]` of items already in TOML syntax.
    static func list(_ items: [String]) -> String {
        "[" + items.joined(separator: ", ") + "]"
    }
}
