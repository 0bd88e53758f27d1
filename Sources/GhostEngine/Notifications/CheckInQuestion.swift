import CivilCalendar

/// When the Ghost asks "Slept well?": only on a morning nothing will tell it about the night. A device that records
/// nights and keeps up with its own rhythm (its night lands later, and the morning decides again then), or a check-in
/// the user made already, answers the question before it is asked; vigord and the simulator both ask through this rule.
public enum CheckInQuestion {
    /// The question is asked from the morning cycle until this hour (local).
    public static let askedUntilHour = 12

    /// The morning to ask for (`today`), or nil: not before the morning cycle ran today nor from `askedUntilHour` on,
    /// not on the first day vigord plans (no cycle ran before today: that day's one notification is kept for the
    /// first proposal), not once the user checked in, and not while a device records nights: its newest night is no
    /// older than its rhythm of deliveries allows (`deviceRecordsNights`, `MorningPlan.expectedWithin`), so this
    /// night comes too.
    public static func morning(
        today: LocalDay, hour: Int, morningCycleRanToday: Bool, cycleRanBeforeToday: Bool, checkedInToday: Bool,
        deviceRecordsNights: Bool
    ) -> LocalDay? {
        guard hour < askedUntilHour, morningCycleRanToday, cycleRanBeforeToday, !checkedInToday, !deviceRecordsNights else {
            return nil
        }
        return today
    }
}
