import ICalendarKit
import GhostScheduling

/// Picks the calendars' events that sacred time protects (Docs/engine.md, "Sacred time"): recurring events
/// whose CATEGORIES or source name is one of the protected categories.
enum CalendarPersonalEvents {
    /// One `PersonalEvent` per recurring event in a protected category, named by the category it matched
    /// (its own CATEGORIES first, then its source's name); one-off events stay ordinary busy time.
    static func protected(from events: [ListedEvent], categories: [String]) -> [PersonalEvent] {
        let protected = Set(categories.map { $0.lowercased() })
        return events.compactMap { event in
            guard event.isRecurring,
                  let category = (event.categories + [event.source]).first(where: { protected.contains($0.lowercased()) })
            else { return nil }
            return PersonalEvent(start: event.start, end: event.end, category: category, isRecurring: true)
        }
    }
}
