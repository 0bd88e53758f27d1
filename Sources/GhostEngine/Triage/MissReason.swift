/// Why a block was missed, as the user told us (or `unknown` when they did not).
public enum MissReason: String, Codable, Sendable, CaseIterable {
    /// The time was wrong for the user; the weekday+hour slot records a rejection.
    case badTimeSlot
    /// Something came up; the slot is not penalised.
    case lifeHappened
    /// The user was ill or tired; the slot is not penalised.
    case feltUnwell
    /// No answer, or a miss we did not ask about.
    case unknown
}
