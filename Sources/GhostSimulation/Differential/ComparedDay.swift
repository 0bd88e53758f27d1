/// What the simulator and vigord are compared on at the end of a day: the day's blocks, the trust phase and score, the
/// health phase, and the week ahead as `plan.week` shows it (the last evening's forecast with the blocks and the held
/// time). Phases are their raw names (`autoScheduler`, `adaptation`), blocks sorted by start and id.
public struct ComparedDay: Codable, Sendable, Equatable {
    /// 1-based day number.
    public let day: Int
    /// Local date, `YYYY-MM-DD`.
    public let date: String
    /// The blocks starting that day: `b3@07:00 strength auto/completed` (a block without a kind: `b3@07:00 auto/completed`).
    public let blocks: [String]
    public let trustPhase: String
    public let trustScore: Double
    public let healthPhase: String
    /// The days after this one as `plan.week` shows them: `2026-04-03 likely 07:00 run`, `2026-04-04 held 07:00 run
    /// defended`, `2026-04-05 none weekFull` (`WeekOutlookDay`).
    public let week: [String]

    /// Creates a day from what one side said; `blocks` are `(id, local start HH:MM, origin, status, session kind)`.
    public init(
        day: Int, date: String, blocks: [(id: String, start: String, origin: String, status: String, kind: String?)], trustPhase: String,
        trustScore: Double, healthPhase: String, week: [String] = []
    ) {
        self.day = day
        self.date = date
        self.blocks = blocks.sorted { ($0.start, $0.id) < ($1.start, $1.id) }.map { "\($0.id)@\($0.start) \($0.kind.map { $0 + " " } ?? "")\($0.origin)/\($0.status)" }
        self.trustPhase = trustPhase
        self.trustScore = trustScore
        self.healthPhase = healthPhase
        self.week = week
    }

    /// The simulator's day, with its week ahead.
    public init(_ record: DayRecord, week: [String]) {
        self.init(
            day: record.day, date: record.date,
            blocks: record.blocks.map { ($0.id, $0.start, $0.origin.rawValue, $0.status.rawValue, $0.kind?.rawValue) },
            trustPhase: record.trustPhase.rawValue, trustScore: record.trustScore, healthPhase: record.healthPhase.rawValue, week: week)
    }

    /// One day of the week ahead as compared: date, status, then the local start `HH:MM`, the kind, why there is no
    /// session and `defended` (a hold busy to others), each when there is one.
    public static func weekDay(date: String, status: String, start: String?, kind: String?, why: String?, defended: Bool?) -> String {
        ([date, status, start, kind, why] + [defended == true ? "defended" : nil]).compactMap { $0 }.joined(separator: " ")
    }

    /// How two scores may differ and still be the same (the score travels as JSON text).
    public static let scoreTolerance = 1e-9

    /// The fields in which `other` differs, each as `name: this → other`.
    public func differences(from other: ComparedDay) -> [String] {
        var found: [String] = []
        if blocks != other.blocks {
            found.append("blocks: [\(blocks.joined(separator: ", "))] → [\(other.blocks.joined(separator: ", "))]")
        }
        if trustPhase != other.trustPhase { found.append("trust phase: \(trustPhase) → \(other.trustPhase)") }
        if abs(trustScore - other.trustScore) > Self.scoreTolerance { found.append("trust score: \(trustScore) → \(other.trustScore)") }
        if healthPhase != other.healthPhase { found.append("health phase: \(healthPhase) → \(other.healthPhase)") }
        if week != other.week { found.append("week: [\(week.joined(separator: ", "))] → [\(other.week.joined(separator: ", "))]") }
        return found
    }
}
