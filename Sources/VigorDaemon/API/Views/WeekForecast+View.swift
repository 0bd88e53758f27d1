import CivilCalendar
import Foundation
import GhostEngine
import GhostScheduling
import VigorRPC

extension WeekForecast {
    /// The days from `today` on, each with the Ghost's block of that day where one is on the calendar or proposed, or
    /// its hold; a likely session whose proposal the user declined is none (`why` `declined`).
    func view(ghost: Ghost, after today: LocalDay, zone: TimeZone, holds: HoldBook = HoldBook()) -> [PlanDayView] {
        days.filter { $0.date > today.description }.map { day in
            if let block = ghost.blocks.first(where: { $0.day.description == day.date && [.scheduled, .proposed].contains($0.status) }) {
                let status = block.status == .scheduled ? "scheduled" : "proposed"
                return PlanDayView(
                    date: day.date, status: status, start: RPCTimestamp(block.start, in: zone),
                    reason: block.status == .scheduled ? "on your calendar" : "waiting for your answer (vigorctl accept|decline \(block.id.rawValue))",
                    why: nil, kind: block.currentKind)
            }
            if let local = LocalDay(iso: day.date), let hold = holds.hold(on: local) {
                return PlanDayView(
                    date: day.date, status: "held", start: RPCTimestamp(hold.start, in: zone),
                    reason: (hold.defended ? "held, busy to others: " : "held, still free to others: ")
                        + (hold.movedByUser ? "where you moved it" : day.reason),
                    why: nil, defended: hold.defended, kind: day.kind)
            }
            // A proposal the user declined leaves the plan: the slot it was is not likely any more.
            if let start = day.start,
               let declined = ghost.blocks.last(where: { $0.day.description == day.date && $0.status == .declined && $0.start == start }) {
                return PlanDayView(
                    date: day.date, status: "none", start: nil,
                    reason: "You declined the session proposed at \(ReplanSentence.label(declined.start, calendar: ghost.calendar)), so I leave the day free.",
                    why: PlanDayView.declined, kind: nil)
            }
            // A day the user held that has no session yet: the next evening's plan keeps it while the week has room.
            if day.start == nil, let local = LocalDay(iso: day.date), holds.consent.heldDays.contains(local) {
                return PlanDayView(
                    date: day.date, status: "none", start: nil,
                    reason: "You held this day: the next evening plans a session here if the week has room. " + day.reason,
                    why: day.why?.rawValue, kind: nil)
            }
            return PlanDayView(
                date: day.date, status: day.start == nil ? "none" : "likely", start: day.start.map { RPCTimestamp($0, in: zone) },
                reason: day.reason, why: day.why?.rawValue, kind: day.kind)
        }
    }
}
