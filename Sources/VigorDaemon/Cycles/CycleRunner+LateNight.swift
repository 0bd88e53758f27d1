import CivilCalendar
import Foundation
import GhostEngine
import GhostScheduling

extension CycleRunner {
    /// What last night's data arriving late decided: the verdict (`LateNight`), and when it is to decide again, the
    /// morning's decision with the notes of what the morning rules do.
    struct LateNightDecision: Sendable {
        var verdict: LateNight.Verdict
        var decision: Decision?
        var notes: [String]
    }

    /// Samples new to the store (`arrived`) at `now`: when one is last night's for today's morning, today's morning cycle
    /// ran and today's first block has not started, the morning decides again exactly as the morning cycle does (recovery
    /// scored, the morning rules on today's blocks), for the blocks that have not started and that the morning rules
    /// have not changed yet. After today's first block started, today's recovery is scored and the blocks stand.
    /// Reads; writes nothing.
    func lateNight(arrived: [HealthSample], now: Date, settings: WeekPictureReader.Settings) async throws -> LateNightDecision {
        let calendar = LocalCalendar(timeZone: settings.zone)
        let today = calendar.day(of: now)
        let current = await ghost.current
        let verdict = try LateNight.verdict(
            arrived: arrived, today: today, lastMorning: try database.lastCycleRun(kind: .morning)?.localDate, ghost: current,
            now: now, calendar: calendar)
        let changing: Set<BlockID>
        switch verdict {
        case .decideAgain: changing = LateNight.blocksToDecide(ghost: current, today: today, now: now)
        case .blockStarted: changing = []
        case .nothingForLastNight, .beforeTheMorning: return LateNightDecision(verdict: verdict, decision: nil, notes: [])
        }
        let picture = try await reader.morning(today: today, calendar: calendar, settings: settings)
        let again = try morningAgain(picture, changing: changing)
        guard verdict == .decideAgain || !again.decision.recoveryScores.isEmpty else {
            return LateNightDecision(verdict: verdict, decision: nil, notes: [])
        }
        let score = Self.recoveryNote(again.decision.recoveryScores.first, inputs: try picture.signals.recoveryInputs(on: today))
        return LateNightDecision(verdict: verdict, decision: again.decision, notes: [score] + again.notes)
    }
}
