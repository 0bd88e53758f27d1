/// `plan.sessions`: the user's yes to the weekly receipt's suggestion ("You trained 5 times this week; plan 5?"): the
/// plan asks for `count` sessions a week from the next evening on, while `sessions_per_week` stays what it is; a count
/// no higher than `sessions_per_week` goes back to it.
public enum PlanSessionsMethod: RPCMethod {
    public struct Params: Codable, Sendable, Equatable {
        /// Sessions a week, from 0 up to `sessions_per_week_max`.
        public var count: Int
        public init(count: Int) {
            self.count = count
        }
    }
    public typealias Result = PlanSessionsView
    public static let name = "plan.sessions"
    public static let summary = "Plans this many sessions a week (the weekly receipt's suggestion), within sessions_per_week_max."
    public static let params = [
        OpenRPCParam(
            name: "count", required: true, description: "Sessions a week: up to sessions_per_week_max; sessions_per_week or fewer goes back to it.",
            schema: Schema.integer),
    ]
    public static let resultSchema = PlanSessionsView.schema
    public static let errors: [RPCErrorCode] = [.invalidParams, .storageFailed]
}

/// What the plan asks for now.
public struct PlanSessionsView: Codable, Sendable, Equatable {
    /// Sessions a week the plan asks for from the next evening on.
    public var sessionsPerWeek: Int
    /// `[training] sessions_per_week`.
    public var asked: Int
    /// `[training] sessions_per_week_max` (never below `asked`).
    public var most: Int
    /// What changed, in a sentence.
    public var sentence: String

    public init(sessionsPerWeek: Int, asked: Int, most: Int, sentence: String) {
        self.sessionsPerWeek = sessionsPerWeek
        self.asked = asked
        self.most = most
        self.sentence = sentence
    }

    static let schema = Schema.object(
        ["sessionsPerWeek": Schema.integer, "asked": Schema.integer, "most": Schema.integer, "sentence": Schema.string],
        required: ["sessionsPerWeek", "asked", "most", "sentence"])
}
