/// Numbers of failure triage.
public struct TriageRules: Codable, Sendable, Equatable {
    /// Triage questions asked per local day, at most.
    public var questionsPerLocalDay = 1
    /// Hours after which an unanswered question resolves as unknown.
    public var questionExpiryHours = 24.0
    /// Bad-time-slot rejections after which a weekday+hour slot becomes sacred.
    public var rejectionsBeforeSacred = 3
    /// Deletions of the Ghost's blocks in one weekday+hour slot after which it becomes sacred (counted apart from
    /// bad-time answers: two of each is two signals that each fell short).
    public var deletionsBeforeSacred = 3
    /// Minutes after a block's end before it counts as missed (a workout logged or imported late still completes it).
    public var missedGraceMinutes = 120

    /// Creates the documented defaults.
    public init() {}

    public init(from decoder: any Decoder) throws {
        let keys = try decoder.container(keyedBy: CodingKeys.self)
        let standard = TriageRules()
        questionsPerLocalDay = try keys.value(.questionsPerLocalDay, or: standard.questionsPerLocalDay)
        questionExpiryHours = try keys.value(.questionExpiryHours, or: standard.questionExpiryHours)
        rejectionsBeforeSacred = try keys.value(.rejectionsBeforeSacred, or: standard.rejectionsBeforeSacred)
        deletionsBeforeSacred = try keys.value(.deletionsBeforeSacred, or: standard.deletionsBeforeSacred)
        missedGraceMinutes = try keys.value(.missedGraceMinutes, or: standard.missedGraceMinutes)
    }
}
