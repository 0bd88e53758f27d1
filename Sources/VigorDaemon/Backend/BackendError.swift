import VigorConfig

/// Why the backend refused a request it understood: what it names is not there (the API maps these in `APIError`).
public enum BackendError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The block left the ledger (it was pruned).
    case blockNotInLedger(String)
    /// The message has no such action (a desktop button of an older message, a typo in an inbox action).
    case noSuchAction(message: String, action: String)
    /// The slot is not one the Ghost learned to keep free.
    case notSacred(String)
    /// The engine accepted a workout event but the workout is not in the ledger afterwards (a bug).
    case workoutMissing(String)
    /// An Observer only forecasts: it holds no time.
    case observerHoldsNothing
    /// The day the user asked to hold has no likely session to hold, for `reason`.
    case nothingToHold(day: String, reason: String)
    /// The sessions a week the user asked the plan for are more than `sessions_per_week_max` allows.
    case sessionsOutOfBounds(count: Int, most: Int)

    public var description: String {
        switch self {
        case .blockNotInLedger(let block): "block \(block) is no longer in the ledger"
        case .noSuchAction(let message, let action): "the message '\(message)' has no action '\(action)'"
        case .notSacred(let slot): "\(slot) is not a learned sacred slot (see sacred.list)"
        case .workoutMissing(let workout): "the workout \(workout) is not in the ledger after the engine took it"
        case .observerHoldsNothing:
            "at Observer vigord holds no time, it only forecasts; vigorctl trust set scheduler lets it hold the days you say yes to"
        case .nothingToHold(let day, let reason):
            "\(day) has no likely session to hold: \(reason)"
        case .sessionsOutOfBounds(let count, let most):
            "\(count) sessions a week is more than \(ConfigKeys.sessionsPerWeekMax.name) allows (\(most)); raise it in [\(ConfigKeys.training.name)] to plan more"
        }
    }
}
