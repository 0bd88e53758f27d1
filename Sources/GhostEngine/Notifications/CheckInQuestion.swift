import CivilCalendar

/// When the Ghost asks "Slept well?": only on a morning nothing told it about the night. A device that recorded the
/// night, or a check-in the user made already, answers the question before it is asked; vigord and the simulator
/// both ask through this rule.
public enum CheckInQuestion {
    /// The question is asked from the morning cycle until this hour (local).
    public static let askedUntilHour = 12

    /// The morning to ask for (`today`), or nil: not before the morning cycle ran today nor from `askedUntilHour` on,
    /// not on the first day vigord plans (no cycle ran before today: that day's one notification is kept for the
    /// first proposal), not once the user checked in, and not when a device recorded a night's sleep in the last day.
    public static func morning(
        today: LocalDay, hour: Int, morningCycleRanToday: Bool, cycleRanBeforeToday: Bool, checkedInToday: Bool,
        nightRecorded: Bool
    ) -> LocalDay? {
        guard hour < askedUntilHour, morningCycleRanToday, cycleRanBeforeToday, !checkedInToday, !nightRecorded else {
            return nil
        }
        return today
    }
}
