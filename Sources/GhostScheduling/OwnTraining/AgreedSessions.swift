import Foundation

/// A Scheduler's yes to the weekly receipt's suggestion ("You trained 5 times this week; plan 5?", `vigorctl plan
/// --sessions 5`): the sessions a week the plan asks for from then on. It holds while `[training] sessions_per_week`
/// stays what it was when the user said yes: a changed configuration is the user's newer word. Kept in the `HoldBook`.
public struct AgreedSessions: Codable, Sendable, Equatable {
    /// Sessions a week agreed.
    public var count: Int
    /// `sessions_per_week` when the user agreed.
    public var asked: Int
    /// When the user agreed.
    public var agreedAt: Date

    /// Creates an agreement.
    public init(count: Int, asked: Int, agreedAt: Date) {
        self.count = count
        self.asked = asked
        self.agreedAt = agreedAt
    }
}
