import CivilCalendar
import Foundation
import GhostEngine

/// Why a span of time is sacred.
public enum SacredReason: String, Codable, Sendable {
    /// Saturday or Sunday before the protected morning ends.
    case weekendMorning
    /// The lunch window (unless the user opted in).
    case lunch
    /// A recurring personal event in a protected category.
    case personalEvent
    /// A weekday+hour slot the user rejected too often.
    case rejectedSlot
}

/// A span of one day no block may touch.
public struct SacredInterval: Codable, Sendable, Equatable {
    /// First sacred instant.
    public let start: Date
    /// First instant after it.
    public let end: Date
    /// Why.
    public let reason: SacredReason

    /// True when `[from, to)` shares any instant with this interval (an empty interval shares none).
    public func overlaps(from: Date, to: Date) -> Bool {
        start < end && from < end && start < to
    }
}

/// The sacred time of a local day, from the rules, the personal events and the sacred slots.
public enum SacredTime {
    /// Every sacred interval of `day`, in the order weekend morning, lunch, personal events, slots.
    /// - Throws: `SchedulingError.calendar` when a local time cannot be formed.
    public static func intervals(
        on day: LocalDay, calendar: LocalCalendar, rules: SacredRules, personalEvents: [PersonalEvent],
        sacredSlots: [SlotKey]
    ) throws(SchedulingError) -> [SacredInterval] {
        do {
            let dayStart = try calendar.startOfDay(day)
            let dayEnd = try calendar.startOfDay(day.adding(days: 1))
            let weekday = day.weekday
            var result: [SacredInterval] = []
            if weekday == 1 || weekday == 7 {
                let until = rules.weekendMorningUntil
                result.append(SacredInterval(
                    start: dayStart, end: try calendar.date(on: day, hour: until.hour, minute: until.minute),
                    reason: .weekendMorning))
            }
            if !rules.lunchOptIn {
                result.append(SacredInterval(
                    start: try calendar.date(on: day, hour: rules.lunch.from.hour, minute: rules.lunch.from.minute),
                    end: try calendar.date(on: day, hour: rules.lunch.to.hour, minute: rules.lunch.to.minute),
                    reason: .lunch))
            }
            let protected = Set(rules.protectedCategories.map { $0.lowercased() })
            for event in personalEvents
            where event.isRecurring && protected.contains(event.category.lowercased())
                && event.start < dayEnd && dayStart < event.end {
                result.append(SacredInterval(start: event.start, end: event.end, reason: .personalEvent))
            }
            for slot in sacredSlots.sorted() where slot.weekday == weekday {
                let start = try calendar.date(on: day, hour: slot.hour)
                let end = slot.hour == 23 ? dayEnd : try calendar.date(on: day, hour: slot.hour + 1)
                result.append(SacredInterval(start: start, end: end, reason: .rejectedSlot))
            }
            return result
        } catch {
            throw .calendar(error)
        }
    }
}
