import CivilCalendar
import Foundation
import GhostEngine

/// Last night's health data that lands after the morning cycle: whether the morning decides again, and which of
/// today's blocks it may still change. The morning rules themselves are `MorningPlan`'s; this only says when they run
/// again, once per arrival.
public enum LateNight {
    /// What an arrival of health samples does to today's morning.
    public enum Verdict: Sendable, Equatable {
        /// The morning decides again: recovery scored, today's blocks read by the morning rules.
        case decideAgain
        /// Nothing that arrived is last night's sleep, HRV or resting heart rate for today's morning.
        case nothingForLastNight
        /// Today's morning cycle has not run yet: it reads the data itself.
        case beforeTheMorning
        /// Today's first block has started: the day is under way and nothing changes.
        case blockStarted(BlockID)
    }

    /// Decides for the samples that `arrived` (new to the store) at `now`, on `today` in `calendar`'s zone, after the
    /// morning cycle of `lastMorning` (the local date it last ran; nil: never).
    /// - Throws: `EngineError` when today's night cannot be formed in the user's zone.
    public static func verdict(
        arrived: [HealthSample], today: LocalDay, lastMorning: LocalDay?, ghost: Ghost, now: Date, calendar: LocalCalendar
    ) throws(EngineError) -> Verdict {
        var lastNight = false
        for sample in arrived where try SignalDigest.isLastNight(sample, morningOf: today, calendar: calendar) {
            lastNight = true
            break
        }
        guard lastNight else { return .nothingForLastNight }
        guard lastMorning == today else { return .beforeTheMorning }
        let started = ghost.blocks.filter { $0.day == today && startedStatuses.contains($0.status) && $0.start <= now }
        if let first = started.min(by: { $0.start < $1.start }) { return .blockStarted(first.id) }
        return .decideAgain
    }

    /// The blocks of `today` the morning decided again may change: still scheduled, not started at `now`, and not changed
    /// by the morning rules already (the 06:00 morning never saw a changed block; changing it again would compound).
    public static func blocksToDecide(ghost: Ghost, today: LocalDay, now: Date) -> Set<BlockID> {
        Set(ghost.blocks.filter { $0.day == today && $0.status == .scheduled && $0.start > now && $0.transformation == nil }.map(\.id))
    }

    /// The statuses of a block that was on the calendar when its time came: it started.
    static let startedStatuses: Set<ScheduledBlock.Status> = [.scheduled, .completed, .missed]
}
