import CivilCalendar
import Foundation

extension Ghost {
    /// Marks blocks missed once their end is `missedGraceMinutes` past (asking triage about them), expires
    /// proposals at their start (ignored, not declined) and unanswered questions.
    mutating func tick(at moment: Moment) throws(EngineError) -> [GhostEffect] {
        var effects: [GhostEffect] = []
        settlePassedTransformations(at: moment)
        let grace = TimeInterval(rules.triage.missedGraceMinutes * 60)
        for index in blocks.indices {
            switch blocks[index].status {
            case .scheduled where blocks[index].end.addingTimeInterval(grace) <= moment.date:
                blocks[index].status = .missed
                blocks[index].proposedMove = nil
                let missed = TriageDesk.Event.blockMissed(blocks[index].id, slot: blocks[index].slot)
                effects += try triageEffects(triage.handle(missed, at: moment, rules: rules.triage), at: moment)
            case .proposed where blocks[index].start <= moment.date:
                blocks[index].status = .expired
                effects.append(.removeBlock(blocks[index].id))
            case .scheduled, .proposed, .declined, .removed, .completed, .missed, .expired:
                break
            }
        }
        effects += try triageEffects(triage.handle(.tick, at: moment, rules: rules.triage), at: moment)
        return effects
    }

    /// Turns triage results into ghost effects; a resolved miss moves trust.
    mutating func triageEffects(_ results: [TriageDesk.Effect], at moment: Moment) throws(EngineError) -> [GhostEffect] {
        var effects: [GhostEffect] = []
        for result in results {
            switch result {
            case .askTriage(let id):
                effects.append(.askTriage(id))
            case .resolved(let id, let reason):
                effects.append(.missResolved(id, reason))
                effects += try trustEffects(.signal(.blockMissed(reason), confidence: 1), at: moment)
            case .slotBecameSacred(let slot):
                effects.append(.slotBecameSacred(slot))
            case .slotCleared(let slot):
                effects.append(.slotCleared(slot))
            }
        }
        return effects
    }

    /// Summarises the local day from the ledger, updates the health profile, evaluates the trust ladder
    /// and trims the ledger. A workout logged or detected that day counts as training evidence.
    mutating func closeDay(
        _ day: LocalDay, signalCoverage: Double, checkedIn: Bool, at moment: Moment
    ) throws(EngineError) -> [GhostEffect] {
        let ofDay = blocks.filter { $0.day == day }
        let completed = ofDay.filter { $0.status == .completed }.count
        let unplanned = unplannedWorkoutDays.filter { $0 == day }.count
        let summary = try DaySummary(
            day: day, signalCoverage: signalCoverage,
            plannedSessions: ofDay.filter { [.scheduled, .completed, .missed].contains($0.status) }.count,
            completedSessions: completed, unplannedWorkouts: unplanned, checkedIn: checkedIn,
            trained: completed + unplanned > 0 || workouts.contains { $0.day == day && !$0.undone })
        var effects: [GhostEffect] = []
        if let change = health.close(summary, rules: rules.health) {
            effects.append(.healthPhaseChanged(change))
        }
        effects += try trustEffects(.evaluate(healthConfidence: healthConfidence), at: moment)
        let oldest = day.adding(days: -(rules.retention.blockLedgerDays - 1))
        blocks.removeAll { $0.day < oldest && $0.status != .scheduled && $0.status != .proposed }
        unplannedWorkoutDays.removeAll { $0 < oldest }
        workouts.removeAll { $0.day < oldest }
        return effects
    }
}
