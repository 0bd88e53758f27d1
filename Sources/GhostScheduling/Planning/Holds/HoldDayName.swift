import CivilCalendar
import Foundation
import GhostEngine

/// The days a user's answer about held time names (`vigorctl plan --hold wed`): a date, a weekday or the whole week,
/// always among the seven days after today (the days a hold can stand on).
public enum HoldDayName {
    /// The word that names the whole coming week.
    public static let wholeWeek = "week"

    /// The days `text` names after `today`: `week` all seven, `wed` or `wednesday` the next Wednesday, `2026-12-02`
    /// that day.
    /// - Throws: `SchedulingError.invalidSetting` naming `day` for text that names no day of the coming seven.
    public static func days(_ text: String, after today: LocalDay) throws(SchedulingError) -> [LocalDay] {
        let coming = (1...7).map { today.adding(days: $0) }
        let word = text.trimmingCharacters(in: .whitespaces).lowercased()
        if word == wholeWeek { return coming }
        if let weekday = WeekdayName.number(of: word), let day = coming.first(where: { $0.weekday == weekday }) {
            return [day]
        }
        if let day = LocalDay(iso: word) {
            guard coming.contains(day) else {
                throw .invalidSetting(name: "day", problem: "must be one of the next seven days (\(coming[0])…\(coming[6])), is \(day)")
            }
            return [day]
        }
        throw .invalidSetting(name: "day", problem: "must be a date (YYYY-MM-DD), a weekday (wed, wednesday) or week; got '\(text)'")
    }
}
