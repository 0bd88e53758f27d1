/// Which operations are failing now, so the journal hears of each failure once when it starts and once when it clears,
/// not on every request or refresh, nor when its reason changes meanwhile (a full disk met by another file is the same
/// failure; `status` shows the newest reason). Pure state; `FailureLog` logs.
struct FailureJournal: Equatable {
    /// What the journal should say after an outcome.
    enum Entry: Equatable {
        /// The operation began to fail.
        case failing(operation: String, reason: String)
        /// The operation works again after failing.
        case recovered(operation: String, reason: String)
    }

    private var failing: [String: String] = [:]

    /// The operation failed for `reason`; an entry when it had not been failing (the first reason is the one told).
    mutating func failed(_ operation: String, reason: String) -> Entry? {
        guard failing[operation] == nil else { return nil }
        failing[operation] = reason
        return .failing(operation: operation, reason: reason)
    }

    /// The operation succeeded; an entry when it had been failing.
    mutating func succeeded(_ operation: String) -> Entry? {
        failing.removeValue(forKey: operation).map { .recovered(operation: operation, reason: $0) }
    }

    /// Whether `operation` is failing now.
    func isFailing(_ operation: String) -> Bool {
        failing[operation] != nil
    }

    /// The operations failing now, by name.
    var failingOperations: [String] { failing.keys.sorted() }
}
