/// Values written back in TOML syntax, as `vigorctl config` shows them.
public enum TOMLText {
    /// `"text"`, with `\` and `"` escaped.
    public static func quoted(_ text: String) -> String {
        "\"" + text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"") + "\""
    }

    /// `[a, b]` of items already in TOML syntax.
    public static func list(_ items: [String]) -> String {
        "[" + items.joined(separator: ", ") + "]"
    }
}
