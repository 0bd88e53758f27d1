/// `weekly.receipt`: the newest weekly value receipt (built on Sunday evening, or by `cycle.run weekly`).
public enum WeeklyReceiptMethod: RPCMethod {
    public struct Params: Codable, Sendable, Equatable {
        public init() {}
    }
    public struct Result: Codable, Sendable, Equatable {
        /// Null before the first weekly cycle.
        public var receipt: WeeklyReceiptView?
        public init(receipt: WeeklyReceiptView?) { self.receipt = receipt }
    }
    public static let name = "weekly.receipt"
    public static let summary = "The newest weekly value receipt: sessions, week dots, streak, planning minutes saved, patterns, trust change."
    public static let params: [OpenRPCParam] = []
    public static let resultSchema = Schema.object(["receipt": Schema.nullable(WeeklyReceiptView.schema)], required: ["receipt"])
    public static let errors: [RPCErrorCode] = [.storageFailed]
}

/// One week's value receipt.
public struct WeeklyReceiptView: Codable, Sendable, Equatable {
    /// Monday of the week, `YYYY-MM-DD`.
    public var weekStart: String
    public var scheduled: Int
    public var completed: Int
    public var missed: Int
    public var removed: Int
    public var moved: Int
    public var transformed: Int
    public var unplannedWorkouts: Int
    public var planningMinutesSaved: Int
    public var patterns: [String]
    public var trustScore: Double
    /// Change since the previous receipt; null for the first.
    public var trustChange: Double?
    public var trustPhase: String
    /// Monday first: `●` completed, `○` missed, `×` removed, `·` nothing planned.
    public var dots: String
    public var strongWeeks: Int
    /// Sessions the user asked for that week, which it is judged against; null in receipts made before (judged
    /// against the blocks scheduled).
    public var asked: Int?
    /// The clean line, no numbers but the seed's milestone: "4 weeks strong · On track  ●●·○●··".
    public var clean: String
    /// The clean receipt's achievements, e.g. ["4 weeks strong", "Consistent", "On track", "Flowing"]: no counts.
    public var cleanAchievements: [String]
    /// The clean receipt's circles, Monday first: `●` done, `○` planned and not done, `·` nothing planned.
    public var cleanDots: String
    /// True for a week that began before vigord was set up: shown, never counted in the streak; absent otherwise.
    public var beforeGhost: Bool?

    public init(
        weekStart: String, scheduled: Int, completed: Int, missed: Int, removed: Int, moved: Int, transformed: Int,
        unplannedWorkouts: Int, planningMinutesSaved: Int, patterns: [String], trustScore: Double, trustChange: Double?,
        trustPhase: String, dots: String, strongWeeks: Int, clean: String, cleanAchievements: [String], cleanDots: String,
        asked: Int? = nil, beforeGhost: Bool? = nil
    ) {
        self.beforeGhost = beforeGhost
        self.weekStart = weekStart
        self.scheduled = scheduled
        self.completed = completed
        self.missed = missed
        self.removed = removed
        self.moved = moved
        self.transformed = transformed
        self.unplannedWorkouts = unplannedWorkouts
        self.planningMinutesSaved = planningMinutesSaved
        self.patterns = patterns
        self.trustScore = trustScore
        self.trustChange = trustChange
        self.trustPhase = trustPhase
        self.dots = dots
        self.strongWeeks = strongWeeks
        self.asked = asked
        self.clean = clean
        self.cleanAchievements = cleanAchievements
        self.cleanDots = cleanDots
    }

    static let schema = Schema.object(
        [
            "weekStart": Schema.string, "scheduled": Schema.integer, "completed": Schema.integer, "missed": Schema.integer,
            "removed": Schema.integer, "moved": Schema.integer, "transformed": Schema.integer, "unplannedWorkouts": Schema.integer,
            "planningMinutesSaved": Schema.integer, "patterns": Schema.array(of: Schema.string), "trustScore": Schema.number,
            "trustChange": Schema.nullable(Schema.number), "trustPhase": Schema.string, "dots": Schema.string,
            "strongWeeks": Schema.integer, "asked": Schema.nullable(Schema.integer), "clean": Schema.string,
            "cleanAchievements": Schema.array(of: Schema.string), "cleanDots": Schema.string, "beforeGhost": Schema.boolean,
        ],
        required: [
            "weekStart", "scheduled", "completed", "missed", "removed", "moved", "transformed", "unplannedWorkouts",
            "planningMinutesSaved", "patterns", "trustScore", "trustPhase", "dots", "strongWeeks", "clean",
            "cleanAchievements", "cleanDots",
        ])
}

/// `absolution.read`: what held you back before the Ghost, from the last `days` (7–90) of calendars and health data.
public enum AbsolutionMethod: RPCMethod {
    public struct Params: Codable, Sendable, Equatable {
        /// Days to look back, 7–90; default 90.
        public var days: Int?
        public init(days: Int? = nil) { self.days = days }
    }
    public struct Result: Codable, Sendable, Equatable {
        /// Null when fewer than 7 days have health data or a calendar event; `reason` says so.
        public var absolution: AbsolutionView?
        public var reason: String?
        public init(absolution: AbsolutionView?, reason: String?) {
            self.absolution = absolution
            self.reason = reason
        }
    }
    /// Days to look back.
    public static let days = ParameterRange(name: "days", bounds: 7...90, defaultValue: 90)
    public static let name = "absolution.read"
    public static let summary = "What held you back before the Ghost (back-to-back meetings, sleep debt, weekend only, evening collapse), with the numbers."
    public static let params = [
        OpenRPCParam(name: "days", required: false, description: "Days to look back, \(days.bounds.lowerBound)-\(days.bounds.upperBound); default \(days.defaultValue).", schema: Schema.integer)
    ]
    public static let resultSchema = Schema.object(
        ["absolution": Schema.nullable(AbsolutionView.schema), "reason": Schema.nullable(Schema.string)], required: [])
    public static let errors: [RPCErrorCode] = [.storageFailed]
}

/// The absolution narrative.
public struct AbsolutionView: Codable, Sendable, Equatable {
    /// One pattern found, told as headline, explanation (with the numbers), absolution and hope.
    public struct Finding: Codable, Sendable, Equatable {
        public var pattern: String
        public var headline: String
        public var explanation: String
        public var absolution: String
        public var hope: String
        /// The explanation alone.
        public var sentence: String
        public var numbers: [String: Double]
        public init(
            pattern: String, headline: String, explanation: String, absolution: String, hope: String, numbers: [String: Double]
        ) {
            self.pattern = pattern
            self.headline = headline
            self.explanation = explanation
            self.absolution = absolution
            self.hope = hope
            self.sentence = explanation
            self.numbers = numbers
        }
    }

    /// "It wasn't your fault."
    public var headline: String
    public var firstDay: String
    public var lastDay: String
    public var findings: [Finding]
    /// The whole narrative, paragraphs separated by a blank line.
    public var text: String

    public init(headline: String, firstDay: String, lastDay: String, findings: [Finding], text: String) {
        self.headline = headline
        self.firstDay = firstDay
        self.lastDay = lastDay
        self.findings = findings
        self.text = text
    }

    static let schema = Schema.object(
        [
            "headline": Schema.string, "firstDay": Schema.string, "lastDay": Schema.string, "text": Schema.string,
            "findings": Schema.array(of: Schema.object(
                [
                    "pattern": Schema.string, "headline": Schema.string, "explanation": Schema.string, "absolution": Schema.string,
                    "hope": Schema.string, "sentence": Schema.string,
                    "numbers": ["type": "object", "additionalProperties": Schema.number],
                ],
                required: ["pattern", "headline", "explanation", "absolution", "hope", "sentence", "numbers"])),
        ],
        required: ["headline", "firstDay", "lastDay", "findings", "text"])
}
