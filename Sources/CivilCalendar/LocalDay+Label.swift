extension LocalDay {
    /// Three-letter month names, January first.
    static let monthLabels = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]

    /// The day as a sentence names it: "Wed 9 Dec".
    public var label: String {
        "\(WeekdayName.label(of: weekday)) \(day) \(Self.monthLabels[month - 1])"
    }
}
