/// What the simulator and vigord are compared on at the end of a day: the day's blocks, the trust phase and score, and
/// the health phase. Phases are their raw names (`autoScheduler`, `adaptation`), blocks sorted by start and id.
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

    /// Creates a day from what one side said; `blocks` are `(id, local start HH:MM, origin, status, session kind)`.
    public init(
        day: Int, date: String, blocks: [(id: String, start: String, origin: String, status: String, kind: String?)], trustPhase: String,
        trustScore: Double, healthPhase: String
    ) {
        self.day = day
        self.date = date
        self.blocks = blocks.sorted { ($0.start, $0.id) < ($1.start, $1.id) }.map { "\($0.id)@\($0.start) \($0.kind.map { $0 + " " } ?? "")\($0.origin)/\($0.status)" }
        self.trustPhase = trustPhase
        self.trustScore = trustScore
        self.healthPhase = healthPhase
    }

    /// The simulator's day.
    public init(_ record: DayRecord) {
        self.init(
            day: record.day, date: record.date,
            blocks: record.blocks.map { ($0.id, $0.start, $0.origin.rawValue, $0.status.rawValue, $0.kind?.rawValue) },
            trustPhase: record.trustPhase.rawValue, trustScore: record.trustScore, healthPhase: record.healthPhase.rawValue)
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
        return found
    }
}
