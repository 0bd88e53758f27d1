import Foundation
import GhostScheduling
import VigorConfig

extension GhostBackend {
    /// What the plan asks for after the user's answer to the weekly receipt's suggestion.
    public struct SessionsAnswer: Sendable, Equatable {
        /// Sessions a week the plan asks for from the next evening on.
        public var sessionsPerWeek: Int
        /// `[training] sessions_per_week` and `sessions_per_week_max` (never below it).
        public var asked: Int
        public var most: Int
        /// What changed.
        public var sentence: String
    }

    /// The user's yes to "plan `count`?": the plan asks for `count` sessions a week from the next evening on, while
    /// `sessions_per_week` stays what it is (`AgreedSessions`, kept in the hold book); `count` at or below
    /// `sessions_per_week` goes back to it. More than `sessions_per_week_max` is refused before anything is saved.
    public func agreeSessions(_ count: Int, at now: Date) async throws -> SessionsAnswer {
        let training = await state.config.training.slotSettings
        let asked = training.sessionsPerWeek
        let most = PlanFollowing.mostSessions(training)
        guard count >= 0, count <= most else { throw BackendError.sessionsOutOfBounds(count: count, most: most) }
        var book = await output.holds.book
        book.agreedSessions = count > asked ? AgreedSessions(count: count, asked: asked, agreedAt: now) : nil
        var decision = Decision()
        decision.holdBook = book
        let key = ConfigKeys.sessionsPerWeek.name
        decision.holdNotes = [count > asked ? "the user agreed to plan \(count) sessions a week" : "the plan asks for \(key) again"]
        try await decide(decision, at: now)
        let planned = max(count, asked)
        let sentence = count > asked
            ? "From the next evening I plan \(count) sessions a week. \(key) stays \(asked) in your configuration; "
                + "vigorctl plan --sessions \(asked) goes back to it."
            : "I plan \(asked) sessions a week, as \(key) says."
        return SessionsAnswer(sessionsPerWeek: planned, asked: asked, most: most, sentence: sentence)
    }
}
