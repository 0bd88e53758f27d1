import CivilCalendar
import GhostEngine

/// A training week: seven local days from the user's first weekday (`[training] week_starts`, Monday by default), the
/// days whose sessions count together towards `sessionsPerWeek`.
public enum TrainingWeek {
    /// The first day of the training week that holds `day`, for weeks starting on `firstWeekday` (1 = Sunday … 7 =
    /// Saturday).
    public static func start(of day: LocalDay, firstWeekday: Int) -> LocalDay {
        day.adding(days: -((day.weekday - firstWeekday + 7) % 7))
    }
}
