import CivilCalendar
import Foundation
import GhostEngine

/// What the engine did with a placement the planner asked for, in the cycle summary's words: the planner only finds
/// the best time ("best time tomorrow 07:00"), the engine decides whether it writes, proposes or only learns, so the
/// summary says "placed" only for a block that was written.
public enum PlacementVerdict {
    /// "placed tomorrow at 07:00", "proposed Tue at 06:30", "placed nothing: as Observer I only learn"; nil when the
    /// effects hold no placement (the planner asked for none). `ghost` is the Ghost after the decision, `now` when it ran.
    /// A placement is skipped as `observing` only by an Observer or a suspended Ghost.
    public static func note(_ effects: [GhostEffect], ghost: Ghost, now: Date) -> String? {
        for effect in effects {
            switch effect {
            case .writeBlock(let block): return "placed \(when(block.start, ghost: ghost, now: now))"
            case .proposeBlock(let block): return "proposed \(when(block.start, ghost: ghost, now: now))"
            case .skippedPlacement(.observing):
                return ghost.ghostHealth.mode == .suspended
                    ? "placed nothing: my health is \(ghost.ghostHealth.mode.displayName), so I only observe"
                    : "placed nothing: as \(TrustPhase.observer.displayName) I only learn"
            case .skippedPlacement(.sacredSlot(let slot)):
                return "placed nothing: \(slot) is a sacred slot, and so is every other time offered"
            default: continue
            }
        }
        return nil
    }

    /// "tomorrow at 07:00", "today at 06:30", "Thu at 18:00" in the Ghost's zone.
    private static func when(_ start: Date, ghost: Ghost, now: Date) -> String {
        let calendar = ghost.calendar
        let local = calendar.moment(at: start)
        let clock = String(ReplanSentence.label(start, calendar: calendar).split(separator: " ").last ?? "")
        let today = calendar.day(of: now)
        let day = local.day == today ? "today" : (local.day == today.adding(days: 1) ? "tomorrow" : String(ReplanSentence.label(start, calendar: calendar).prefix(3)))
        return "\(day) at \(clock)"
    }
}
