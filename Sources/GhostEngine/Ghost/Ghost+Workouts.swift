import Foundation

extension Ghost {
    /// Counts a reported workout once: it completes the block it overlaps (within the tolerance),
    /// a missed block whose question is still open included; otherwise it is unplanned activity.
    /// Either way it resets the safety breaker. A report seen before, or too short, changes nothing.
    mutating func recordWorkout(_ report: WorkoutReport, at moment: Moment) throws(EngineError) -> [GhostEffect] {
        guard report.end >= report.start else {
            throw EngineError.valueOutOfRange(
                name: "workout length", value: report.end.timeIntervalSince(report.start) / 60, allowed: "0… minutes")
        }
        guard report.confidence.isFinite, (0...1).contains(report.confidence) else {
            throw EngineError.valueOutOfRange(name: "workout confidence", value: report.confidence, allowed: "0…1")
        }
        let minutes = report.end.timeIntervalSince(report.start) / 60
        guard !workouts.contains(where: { $0.id == report.id }), minutes >= Double(rules.workouts.minimumMinutes) else {
            return []
        }
        let index = matchingBlock(report)
        let before = index.map { blocks[$0].status }
        let effects = try trustEffects(
            .signal(.workoutCompleted(inGhostBlock: index != nil), confidence: report.confidence), at: moment)
        if let index {
            if before == .missed { _ = try triage.handle(.withdrawn(blocks[index].id), at: moment, rules: rules.triage) }
            blocks[index].status = .completed
        } else {
            unplannedWorkoutDays.append(calendar.day(of: report.start))
        }
        _ = breaker.handle(.workoutCompleted, rules: rules.breaker)
        workouts.append(RecordedWorkout(
            id: report.id, start: report.start, end: report.end, day: calendar.day(of: report.start),
            completedBlock: index.map { blocks[$0].id }, blockStatusBefore: before, undone: false))
        return effects
    }

    /// Takes back the workout with `id` (default: the last one counted): its block returns to the
    /// status it had and the trust it earned is taken back. The breaker stays reset.
    mutating func undoWorkout(_ id: String?, at moment: Moment) throws(EngineError) -> [GhostEffect] {
        guard let index = workouts.lastIndex(where: { !$0.undone && (id == nil || $0.id == id) }) else {
            throw EngineError.noWorkoutToUndo(id)
        }
        let workout = workouts[index]
        workouts[index].undone = true
        if let block = workout.completedBlock, let before = workout.blockStatusBefore,
           let blockIndex = blocks.firstIndex(where: { $0.id == block && $0.status == .completed }) {
            blocks[blockIndex].status = before
        } else if let day = unplannedWorkoutDays.lastIndex(of: workout.day) {
            unplannedWorkoutDays.remove(at: day)
        }
        return try trustEffects(
            .signal(.workoutRetracted(inGhostBlock: workout.completedBlock != nil), confidence: 1), at: moment)
    }

    /// The scheduled block (or missed block still asked about) the report overlaps most, widened by the tolerance.
    private func matchingBlock(_ report: WorkoutReport) -> Int? {
        let tolerance = TimeInterval(rules.workouts.matchToleranceMinutes * 60)
        let candidates = blocks.indices.filter { index in
            let block = blocks[index]
            let eligible = block.status == .scheduled
                || (block.status == .missed && triage.openQuestion?.block == block.id)
            return eligible && report.start < block.end.addingTimeInterval(tolerance)
                && block.start.addingTimeInterval(-tolerance) < report.end
        }
        return candidates.max { overlap(report, blocks[$0]) < overlap(report, blocks[$1]) }
    }

    private func overlap(_ report: WorkoutReport, _ block: ScheduledBlock) -> TimeInterval {
        min(report.end, block.end).timeIntervalSince(max(report.start, block.start))
    }
}
