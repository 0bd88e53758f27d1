import CivilCalendar
import Foundation
import GhostEngine
import GhostScheduling
import VigorRPC

extension WeekForecast {
    /// The days from `today` on, each with the Ghost's block of that day where one is on the calendar or proposed.
    func view(ghost: Ghost, after today: LocalDay, zone: TimeZone) -> [PlanDayView] {
        days.filter { $0.date > today.description }.map { day in
            if let block = ghost.blocks.first(where: { $0.day.description == day.date && [.scheduled, .proposed].contains($0.status) }) {
                let status = block.status == .scheduled ? "scheduled" : "proposed"
                return PlanDayView(
                    date: day.date, status: status, start: RPCTimestamp(block.start, in: zone),
                    reason: block.status == .scheduled ? "on your calendar" : "waiting for your answer (vigorctl accept|decline \(block.id.rawValue))",
                    why: nil)
            }
            return PlanDayView(
                date: day.date, status: day.start == nil ? "none" : "likely", start: day.start.map { RPCTimestamp($0, in: zone) },
                reason: day.reason, why: day.why?.rawValue)
        }
    }
}
