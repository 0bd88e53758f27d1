import Foundation

/// The sentences of the decisions a re-plan makes about a block something now covers. The receipt's reason, the
/// headline of `vigorctl why` and the block's DESCRIPTION all say these, so the three never disagree:
/// "Moved Sat 18:00 → 19:15: 'Board meeting' (team) now covers 18:00–19:00."
public enum ReplanSentence {
    /// "Sat 18:00" in `calendar`'s zone.
    public static func label(_ date: Date, calendar: LocalCalendar) -> String {
        let local = calendar.moment(at: date)
        return SlotKey(local).label(minute: local.minute)
    }

    /// "Sat 18:00 → 19:15" within one local day, "Sat 18:00 → Sun 07:00" across days.
    public static func span(from start: Date, to target: Date, calendar: LocalCalendar) -> String {
        let to = label(target, calendar: calendar)
        guard calendar.day(of: start) == calendar.day(of: target) else { return "\(label(start, calendar: calendar)) → \(to)" }
        return "\(label(start, calendar: calendar)) → \(to.split(separator: " ").last.map(String.init) ?? to)"
    }

    /// A block (or a suggestion, `proposal`) moved off what now covers it.
    public static func moved(from start: Date, to target: Date, cause: String, proposal: Bool, calendar: LocalCalendar) -> String {
        "\(proposal ? "Moved the suggestion" : "Moved") \(span(from: start, to: target, calendar: calendar)): \(cause)."
    }

    /// A move offered for a block on the calendar the Ghost may not move on its own.
    public static func moveSuggested(from start: Date, to target: Date, cause: String, calendar: LocalCalendar) -> String {
        "Suggested moving \(span(from: start, to: target, calendar: calendar)): \(cause)."
    }

    /// A block taken off the calendar because nothing is free in the days the move may look at.
    public static func removed(from start: Date, cause: String, calendar: LocalCalendar) -> String {
        "Removed \(label(start, calendar: calendar)): \(cause), and no free time is left in the next days."
    }
}
