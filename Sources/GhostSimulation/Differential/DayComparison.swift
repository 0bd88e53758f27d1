/// The simulator's days against vigord's: how many were compared, how many were equal, and the first that was not.
public struct DayComparison: Codable, Sendable, Equatable {
    /// A day on which the two disagreed, with what differed (`trust score: 0.12 → 0.13`, simulator first).
    public struct Difference: Codable, Sendable, Equatable {
        public let day: Int
        public let date: String
        public let fields: [String]
    }

    /// Days both sides reported.
    public let daysCompared: Int
    /// Days on which they agreed.
    public let daysEqual: Int
    /// The first day they disagreed; nil when every day agreed.
    public let firstDifference: Difference?

    /// Compares `simulator` with `daemon` day by day (by day number); a day only one side reported is a difference.
    public init(simulator: [ComparedDay], daemon: [ComparedDay]) {
        let vigord = Dictionary(daemon.map { ($0.day, $0) }) { first, _ in first }
        var equal = 0
        var first: Difference?
        for day in simulator {
            let fields = vigord[day.day].map { day.differences(from: $0) } ?? ["vigord reported no such day"]
            if fields.isEmpty {
                equal += 1
            } else if first == nil {
                first = Difference(day: day.day, date: day.date, fields: fields)
            }
        }
        daysCompared = simulator.count
        daysEqual = equal
        firstDifference = first
    }

    /// True when every day agreed.
    public var agrees: Bool { firstDifference == nil && daysEqual == daysCompared }

    /// The comparison as JSON, sorted keys.
    public func jsonText() throws -> String {
        try SortedJSON.text(self)
    }

    /// Two lines or more: the counts, then the first difference.
    public var text: String {
        var lines = ["days compared: \(daysCompared)", "days equal: \(daysEqual)"]
        if let difference = firstDifference {
            lines.append("first difference: day \(difference.day) (\(difference.date)), simulator → vigord:")
            lines += difference.fields.map { "  \($0)" }
        }
        return lines.joined(separator: "\n") + "\n"
    }
}
