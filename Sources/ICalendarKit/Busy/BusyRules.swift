import Foundation

/// Decides whether an occurrence blocks the user's time.
///
/// Free: STATUS:CANCELLED, TRANSP:TRANSPARENT, an invitation the user declined, a zero-length
/// event, and all-day events unless they say TRANSP:OPAQUE or the source treats all-day as busy;
/// every all-day event of a source whose all-day events are never busy (a holiday feed).
struct BusyRules: Sendable {
    var allDay: CalendarSourceConfig.AllDayPolicy
    /// Lowercased addresses without "mailto:".
    var userAddresses: Set<String>

    init(allDay: CalendarSourceConfig.AllDayPolicy, userAddresses: [String]) {
        self.allDay = allDay
        self.userAddresses = Set(userAddresses.map { address in
            let lower = address.lowercased()
            return lower.hasPrefix("mailto:") ? String(lower.dropFirst("mailto:".count)) : lower
        })
    }

    func isBusy(_ occurrence: EventOccurrence) -> Bool {
        if occurrence.end <= occurrence.start { return false }
        if occurrence.status == "CANCELLED" { return false }
        if occurrence.transparency == .transparent { return false }
        if occurrence.attendees.contains(where: { userAddresses.contains($0.address) && $0.participation == "DECLINED" }) {
            return false
        }
        if occurrence.isAllDay {
            switch allDay {
            case .free: return occurrence.transparency == .opaque
            case .busy: return true
            case .neverBusy: return false
            }
        }
        return true
    }
}
