import CivilCalendar
import Foundation
import GhostEngine

/// What the user said about holding time: weeks they said yes to (the Sunday question), days held or released by hand
/// (`vigorctl plan --hold DAY`, `--release DAY`, deleting a hold). Whether a day may be held follows the trust phase.
public struct HoldConsent: Codable, Sendable, Equatable {
    /// Mondays of the weeks the user said yes to.
    public var approvedWeeks: [LocalDay] = []
    /// Days held by hand.
    public var heldDays: [LocalDay] = []
    /// Days released by hand or by deleting their hold: never held again.
    public var releasedDays: [LocalDay] = []

    /// Nothing said yet.
    public init() {}

    /// Whether `day` may be held in `phase`: never at Observer; at Scheduler after a yes for its week or the day;
    /// from Auto-Scheduler up on its own. A released day never.
    public func allows(_ day: LocalDay, in phase: TrustPhase) -> Bool {
        if releasedDays.contains(day) { return false }
        switch phase {
        case .observer: return false
        case .scheduler: return heldDays.contains(day) || approvedWeeks.contains(Self.monday(of: day))
        case .autoScheduler, .transformer, .fullGhost: return true
        }
    }

    /// Yes to the Monday–Sunday week of `day`; its days released by hand stay released.
    public mutating func approveWeek(of day: LocalDay) {
        let monday = Self.monday(of: day)
        if !approvedWeeks.contains(monday) { approvedWeeks.append(monday) }
    }

    /// Holds `day`: a release of it is taken back.
    public mutating func hold(_ day: LocalDay) {
        releasedDays.removeAll { $0 == day }
        if !heldDays.contains(day) { heldDays.append(day) }
    }

    /// Releases `day`.
    public mutating func release(_ day: LocalDay) {
        heldDays.removeAll { $0 == day }
        if !releasedDays.contains(day) { releasedDays.append(day) }
    }

    /// Forgets what was said about days before `day` (nothing ahead depends on it).
    public mutating func forget(before day: LocalDay) {
        approvedWeeks.removeAll { $0.adding(days: 6) < day }
        heldDays.removeAll { $0 < day }
        releasedDays.removeAll { $0 < day }
    }

    /// The Monday of `day`'s week.
    public static func monday(of day: LocalDay) -> LocalDay {
        day.adding(days: -((day.weekday + 5) % 7))
    }
}
