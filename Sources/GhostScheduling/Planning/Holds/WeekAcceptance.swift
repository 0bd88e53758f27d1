import CivilCalendar
import Foundation
import GhostEngine

/// A Scheduler's yes to the weekly question ("This week: Wed 07:00, Fri 18:00 — hold these?"): the sessions it named,
/// each accepted for its day and time. The evening before such a day writes its block without a daily question when its
/// best time is still the accepted one; a session whose plan changed (another time, another day) is asked again, and
/// so is every day of a week nobody said yes to. Kept in the `HoldBook`; pure.
public struct WeekAcceptance: Codable, Sendable, Equatable {
    /// One accepted session: its forecast day and start.
    public struct Session: Codable, Sendable, Equatable {
        /// The day.
        public var day: LocalDay
        /// The start instant the question named.
        public var start: Date

        /// Creates a session.
        public init(day: LocalDay, start: Date) {
            self.day = day
            self.start = start
        }
    }

    /// When the user said yes.
    public var acceptedAt: Date
    /// The sessions the question named, in day order.
    public var sessions: [Session]

    /// Creates an acceptance.
    public init(acceptedAt: Date, sessions: [Session]) {
        self.acceptedAt = acceptedAt
        self.sessions = sessions
    }

    /// What the evening does with its best time for a day.
    public enum Verdict: Sendable, Equatable {
        /// The user accepted this session with the week at this moment: write it, ask nothing.
        case write(acceptedAt: Date)
        /// Ask as every day: nothing was accepted for it, or its plan changed since.
        case ask
    }

    /// The yes at `now` to the question `HoldQuestion` asks a Scheduler from `forecast` and `book`: the sessions it
    /// names. Nil in another phase (nothing is asked day by day from Auto-Scheduler up; an Observer is asked nothing) or
    /// when it names none.
    public static func accepting(
        forecast: WeekForecast?, book: HoldBook, phase: TrustPhase, now: Date, proposal: ScheduledBlock? = nil
    ) -> WeekAcceptance? {
        guard phase == .scheduler else { return nil }
        let sessions = HoldQuestion.askedSessions(forecast: forecast, book: book, now: now, proposal: proposal)
        guard !sessions.isEmpty else { return nil }
        return WeekAcceptance(acceptedAt: now, sessions: sessions)
    }

    /// The evening's verdict on its best time `start` for `day`: write only the session accepted for that day at that
    /// very time.
    public func verdict(day: LocalDay, start: Date) -> Verdict {
        sessions.contains { $0.day == day && $0.start == start } ? .write(acceptedAt: acceptedAt) : .ask
    }

    /// The user released `day` (or deleted its hold): its session is asked again, if it comes back at all.
    public mutating func withdraw(_ day: LocalDay) {
        sessions.removeAll { $0.day == day }
    }
}
