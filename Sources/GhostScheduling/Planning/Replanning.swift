import CivilCalendar
import Foundation
import GhostEngine

/// Re-planning after the week changed: which of the Ghost's blocks are checked again, and for each one now in
/// conflict what covers it and where "move later" would put it. The engine decides, by its trust, whether to move
/// it, propose the move, remove it or only note it.
public enum Replanning {
    /// How far ahead blocks are re-checked, in days after today.
    public static let horizonDays = 7

    /// Days a re-planning picture covers from today: the horizon, and the further days "move later" may look past
    /// the last block's day.
    public static func pictureDays(rules: SchedulingRules) -> Int {
        horizonDays + 1 + rules.slots.moveSearchDays + 1
    }

    /// The Ghost's blocks to check again: scheduled or proposed, starting after `now` and within the horizon from
    /// `today` (known before the calendars are read: without such a block there is nothing to read).
    public static func blocksToCheck(_ ghost: Ghost, today: LocalDay, calendar: LocalCalendar, now: Date) throws(EngineError) -> [ScheduledBlock] {
        let horizonEnd = try calendar.startOfDay(today.adding(days: horizonDays + 1))
        return ghost.blocks.filter { [.scheduled, .proposed].contains($0.status) && $0.start > now && $0.start < horizonEnd }
    }

    /// The conflicts of `ahead` (`blocksToCheck`) in `picture`, as the engine events that hand them over, in order. Each
    /// block is checked as the earlier conflicts leave it: each event is handed to the picture's Ghost, a draft, on the
    /// way. vigord's re-planning and the simulator's both run it.
    public static func conflicts(of ahead: [ScheduledBlock], in picture: inout WeekPicture, now: Date) throws(SchedulingError) -> [GhostEvent] {
        var events: [GhostEvent] = []
        for block in ahead {
            // The block as it stands now: an earlier conflict may have moved or removed it.
            guard let current = picture.ghost.block(block.id), let found = try conflict(of: current, in: picture) else { continue }
            let event = GhostEvent.conflictFound(found)
            do {
                _ = try picture.ghost.handle(event, now: now)
            } catch {
                throw .engine(error)
            }
            events.append(event)
        }
        return events
    }

    /// The conflict over `block` (as it stands now) in the picture's busy time, with where "move later" puts it; nil
    /// while it still fits or when it is no longer scheduled or proposed. The Ghost's other scheduled, proposed and
    /// completed blocks keep their days.
    public static func conflict(of block: ScheduledBlock, in picture: WeekPicture) throws(SchedulingError) -> BlockConflict? {
        guard [.scheduled, .proposed].contains(block.status) else { return nil }
        let finder = try picture.slotFinder()
        let others = picture.ghost.blocks.filter {
            $0.id != block.id && [.scheduled, .proposed, .completed].contains($0.status)
        }.map(\.start)
        let request = picture.slotRequest(travelDays: try picture.travel().days, existingSessions: others)
        guard let cause = try finder.conflict(blockStart: block.start, durationMinutes: block.durationMinutes, request: request)
        else { return nil }
        switch try finder.moveLater(blockStart: block.start, request: request) {
        case .sameDay(let planned), .laterDay(let planned):
            return BlockConflict(block: block.id, cause: cause, target: planned.chosen.start)
        case .noRoom:
            return BlockConflict(block: block.id, cause: cause, target: nil)
        }
    }
}
