import CivilCalendar
import Foundation
import GhostEngine

/// What one day after today is in the week ahead, from the last evening's forecast, the Ghost's blocks and the held
/// time: the one rule `plan.week` (and `status`) shows and the simulator compares with vigord.
public enum WeekOutlookDay: Sendable, Equatable {
    /// The Ghost's block of the day, on the calendar or proposed.
    case block(ScheduledBlock)
    /// The day's likely session is held in vigord's calendar.
    case held(Hold)
    /// The user declined the proposal at the forecast's slot: the day is left free.
    case declined(ScheduledBlock)
    /// A day the user held that has no session only because the week's sessions went to other days.
    case heldByUserWithoutSession
    /// As the forecast says: a likely session, or none and why.
    case forecast

    /// The forecast's days after `today`, each with what it is.
    public static func days(
        _ forecast: WeekForecast, ghost: Ghost, after today: LocalDay, holds: HoldBook
    ) -> [(day: WeekForecast.Day, outlook: WeekOutlookDay)] {
        forecast.days.filter { $0.date > today.description }.map { day in
            if let block = ghost.blocks.first(where: { $0.day.description == day.date && [.scheduled, .proposed].contains($0.status) }) {
                return (day, .block(block))
            }
            if let local = LocalDay(iso: day.date), let hold = holds.hold(on: local) {
                return (day, .held(hold))
            }
            // A proposal the user declined leaves the plan: the slot it was is not likely any more.
            if let start = day.start,
               let declined = ghost.blocks.last(where: { $0.day.description == day.date && $0.status == .declined && $0.start == start }) {
                return (day, .declined(declined))
            }
            // A day the user held whose session went to the week's other days: the next evening's plan keeps it while the
            // week has room. A held rest, travel or full day has no session to come, and says why as the forecast does.
            if day.start == nil, day.why == .weekFull, let local = LocalDay(iso: day.date), holds.consent.heldDays.contains(local) {
                return (day, .heldByUserWithoutSession)
            }
            return (day, .forecast)
        }
    }

    /// The day's status word: `scheduled`, `proposed`, `held`, `likely` or `none`.
    public func status(of day: WeekForecast.Day) -> String {
        switch self {
        case .block(let block): block.status == .scheduled ? "scheduled" : "proposed"
        case .held: "held"
        case .declined, .heldByUserWithoutSession: "none"
        case .forecast: day.start == nil ? "none" : "likely"
        }
    }

    /// The start the day shows: the block's, the hold's, or the likely session's.
    public func start(of day: WeekForecast.Day) -> Date? {
        switch self {
        case .block(let block): block.start
        case .held(let hold): hold.start
        case .declined, .heldByUserWithoutSession: nil
        case .forecast: day.start
        }
    }

    /// The session kind the day shows.
    public func kind(of day: WeekForecast.Day) -> SessionKind? {
        switch self {
        case .block(let block): block.currentKind
        case .held, .forecast: day.kind
        case .declined, .heldByUserWithoutSession: nil
        }
    }

    /// Why a day has no session (`declined` for a declined proposal), nil for a day with one.
    public func why(of day: WeekForecast.Day) -> String? {
        switch self {
        case .block, .held: nil
        case .declined: "declined"
        case .heldByUserWithoutSession, .forecast: day.why?.rawValue
        }
    }
}
