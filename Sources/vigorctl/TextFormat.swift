/// The little text layout vigorctl needs, without Foundation's `String(format:)` or `padding(toLength:)`.
enum TextFormat {
    /// `text` followed by spaces up to `width` characters; longer text stays whole.
    static func padded(_ text: String, to width: Int) -> String {
        let count = text.count
        return count >= width ? text : text + String(repeating: " ", count: width - count)
    }

    /// `value` with `places` decimals (`fixed(2.345, places: 1)` is `2.3`); `signed` writes `+` before a
    /// positive value, as `%+.1f` does.
    static func fixed(_ value: Double, places: Int, signed: Bool = false) -> String {
        guard value.isFinite else { return "\(value)" }
        var scale = 1.0
        for _ in 0..<places { scale *= 10 }
        let scaled = (abs(value) * scale).rounded()
        let negative = value < 0 && scaled > 0
        let units = scaled / scale
        var text = String(Int(units.rounded(.down)))
        if places > 0 {
            let fraction = String(Int(scaled - units.rounded(.down) * scale))
            text += "." + String(repeating: "0", count: places - fraction.count) + fraction
        }
        return (negative ? "-" : signed ? "+" : "") + text
    }
}
