import CivilCalendar
import Foundation
import GhostEngine
import GhostScheduling
import VigorRPC

extension WeekForecast {
    /// The days from `today` on, each with the Ghost's block of that day where one is on the calendar or proposed, or
    /// its hold; a likely session whose proposal the user declined is none (`why` `declined`).
    func view(ghost: Ghost, after today: LocalDay, zone: TimeZone, holds: HoldBook = HoldBook()) -> [PlanDayView] {
        WeekOutlookDay.days(self, ghost: ghost, after: today, holds: holds).map { day, outlook in
            let stamp = outlook.start(of: day).map { RPCTimestamp($0, in: zone) }
            let status = outlook.status(of: day), why = outlook.why(of: day), kind = outlook.kind(of: day)
            switch outlook {
            case .block(let block):
                return PlanDayView(
                    date: day.date, status: status, start: stamp,
                    reason: block.status == .scheduled ? "on your calendar" : "waiting for your answer (vigorctl accept|decline \(block.id.rawValue))",
                    why: why, kind: kind)
            case .held(let hold):
                return PlanDayView(
                    date: day.date, status: status, start: stamp,
                    reason: (hold.defended ? "held, busy to others: " : "held, still free to others: ")
                        + (hold.movedByUser ? "where you moved it" : day.reason),
                    why: why, defended: hold.defended, kind: kind)
            case .declined(let declined):
                return PlanDayView(
                    date: day.date, status: status, start: stamp,
                    reason: "You declined the session proposed at \(ReplanSentence.label(declined.start, calendar: ghost.calendar)), so I leave the day free.",
                    why: why, kind: kind)
            case .heldByUserWithoutSession:
                return PlanDayView(
                    date: day.date, status: status, start: stamp,
                    reason: "You held this day; it stays free while the week has its sessions, and the next evening plans one here if one falls out (declined or removed). " + day.reason,
                    why: why, kind: kind)
            case .forecast:
                return PlanDayView(date: day.date, status: status, start: stamp, reason: day.reason, why: why, kind: kind)
            }
        }
    }
}
