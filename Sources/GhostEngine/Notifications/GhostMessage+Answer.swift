/// What a one-tap answer means, read from a message's kind and the id of the action chosen.
extension GhostMessage {
    public enum Answer: Sendable, Equatable {
        /// A proposal (a new block or a move) accepted or declined.
        case proposal(accepted: Bool)
        /// Why a missed block was missed.
        case triage(MissReason)
        /// Today's changed block kept or reverted.
        case transformation(kept: Bool)
        /// The morning check-in: slept well (feeling good) or not (tired).
        case checkIn(sleptWell: Bool)
        /// A workout that arrived without a command (an import) confirmed as right, or taken back as wrong.
        case workout(id: String, correct: Bool)
        /// Yes to the weekly question: hold the week's likely sessions.
        case holdWeek
        /// Yes to the weekly receipt's suggestion: plan this many sessions a week.
        case planSessions(Int)
    }

    /// The answer `actionID` gives to this message, or nil when it offers no such action.
    public func answer(to actionID: String) -> Answer? {
        guard actions.contains(where: { $0.id == actionID }) else { return nil }
        switch (kind, actionID) {
        case (.proposal, "accept"): return .proposal(accepted: true)
        case (.proposal, "decline"): return .proposal(accepted: false)
        case (.triage, "bad-time"): return .triage(.badTimeSlot)
        case (.triage, "life-happened"): return .triage(.lifeHappened)
        case (.triage, "skip"): return .triage(.unknown)
        case (.transformation, "keep"): return .transformation(kept: true)
        case (.transformation, "revert"): return .transformation(kept: false)
        case (.checkIn, "slept-well"): return .checkIn(sleptWell: true)
        case (.checkIn, "slept-badly"): return .checkIn(sleptWell: false)
        case (.workoutLogged, "correct"), (.workoutLogged, "wrong"):
            guard key.hasPrefix(GhostMessages.workoutKeyPrefix) else { return nil }
            return .workout(id: String(key.dropFirst(GhostMessages.workoutKeyPrefix.count)), correct: actionID == "correct")
        case (.weeklyReceipt, GhostMessages.holdWeekAction): return .holdWeek
        case (.weeklyReceipt, _) where actionID.hasPrefix(GhostMessages.planSessionsAction + "-"):
            return Int(actionID.dropFirst(GhostMessages.planSessionsAction.count + 1)).map { .planSessions($0) }
        default: return nil
        }
    }
}
