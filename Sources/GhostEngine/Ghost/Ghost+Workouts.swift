import CivilCalendar
import Foundation

extension Ghost {
    /// Counts a reported workout once: it completes the block it overlaps (within the tolerance),
    /// a missed block whose question is still open included; otherwise it is unplanned activity.
    /// Only a block it completes resets the safety breaker. A report seen before, too short, or a walk that is
    /// not for a walk block (`countsAsTraining`) changes nothing.
    /// A second report of a workout already counted (see `sameWorkout`) changes no block and no trust:
    /// the richer of the two becomes the entry that counts.
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
        guard Self.countsAsTraining(report, for: index.map { blocks[$0] }) else { return [] }
        if let same = sameWorkout(as: report) {
            return try absorb(report, sameAs: same, at: moment)
        }
        let before = index.map { blocks[$0].status }
        let effects = try trustEffects(
            .signal(.workoutCompleted(inGhostBlock: index != nil), confidence: report.confidence), at: moment)
        if let index {
            if before == .missed { _ = try triage.handle(.withdrawn(blocks[index].id), at: moment, rules: rules.triage) }
            blocks[index].status = .completed
        } else {
            unplannedWorkoutDays.append(calendar.day(of: report.start))
        }
        _ = breaker.handle(.workoutCompleted(inGhostBlock: index != nil), rules: rules.breaker)
        workouts.append(entry(for: report, completedBlock: index.map { blocks[$0].id }, blockStatusBefore: before))
        return effects
    }

    /// Takes back the workout with `id` (default: see `workoutToUndo`): its block returns to the status it had
    /// and the trust it earned is taken back. The breaker stays reset. A report that did not count by itself
    /// (a hand log the import already confirmed) is taken back alone: the workout that counts stays.
    mutating func undoWorkout(_ id: String?, at moment: Moment) throws(EngineError) -> [GhostEffect] {
        guard let target = workoutToUndo(id), let index = workouts.lastIndex(where: { $0.id == target.id }) else {
            throw EngineError.noWorkoutToUndo(id)
        }
        workouts[index].undone = true
        guard target.countedAs == nil else { return [] }
        for other in workouts.indices where workouts[other].countedAs == target.id { workouts[other].undone = true }
        if let block = target.completedBlock, let before = target.blockStatusBefore,
           let blockIndex = blocks.firstIndex(where: { $0.id == block && $0.status == .completed }) {
            blocks[blockIndex].status = before
        } else if let day = unplannedWorkoutDays.lastIndex(of: target.day) {
            unplannedWorkoutDays.remove(at: day)
        }
        return try trustEffects(
            .signal(.workoutRetracted(inGhostBlock: target.completedBlock != nil), confidence: 1), at: moment)
    }

    /// The user said the counted workout `id` was right: it is no longer asked about.
    mutating func confirmWorkout(_ id: String) throws(EngineError) -> [GhostEffect] {
        guard let index = workouts.lastIndex(where: { $0.id == id && $0.counts }) else { throw EngineError.noWorkoutToConfirm(id) }
        workouts[index].confirmed = true
        return []
    }

    /// The entry an undo of `id` takes back. By default the newest counted workout, except that when it was
    /// also logged by hand, the hand log goes and the measured workout stays (`--workout` takes that back too).
    public func workoutToUndo(_ id: String?) -> RecordedWorkout? {
        if let id { return workouts.last { !$0.undone && $0.id == id } }
        guard let newest = workouts.last(where: \.counts) else { return nil }
        guard newest.source != nil else { return newest }
        return workouts.last { !$0.undone && $0.countedAs == newest.id && $0.source == nil } ?? newest
    }

    /// The counted workout `report` is a second report of: they overlap (a hand log's times are approximate,
    /// so widened by `matchToleranceMinutes` when one of them is a hand log), their activities do not differ,
    /// and they come from different sources (one device never records one workout twice; two hand logs are
    /// two workouts). The one it overlaps most.
    private func sameWorkout(as report: WorkoutReport) -> Int? {
        let candidates = workouts.indices.filter { index in
            let counted = workouts[index]
            guard counted.counts, counted.source != report.source else { return false }
            if let one = Self.knownActivity(counted.activity), let other = Self.knownActivity(report.activity), one != other {
                return false
            }
            let tolerance = counted.source == nil || report.source == nil
                ? TimeInterval(rules.workouts.matchToleranceMinutes * 60) : 0
            return report.start < counted.end.addingTimeInterval(tolerance)
                && counted.start.addingTimeInterval(-tolerance) < report.end
        }
        return candidates.max { overlap(report, workouts[$0]) < overlap(report, workouts[$1]) }
    }

    /// Whether a measured workout is training: a walk a device recorded (the way to work, the dog) counts only for a
    /// block that is a walk itself (the recovery walk, or a walk when every other kind is ruled out), however long it
    /// lasted. Every other activity counts, and so does a hand log, whose activity the user did not need to name.
    static func countsAsTraining(_ report: WorkoutReport, for block: ScheduledBlock?) -> Bool {
        guard report.activity == SessionKind.walk.activity else { return true }
        return block?.currentKind == .walk
    }

    /// An activity that says something: importers write `other` when the source did not say.
    private static func knownActivity(_ activity: String?) -> String? {
        activity == "other" ? nil : activity
    }

    /// Keeps `report` beside the counted entry at `index`; the richer of the two counts. The block the workout
    /// completed stays completed once, and the trust it earned is not earned again. One exception: a hand log
    /// that matched no block, whose measured times (the richer record) lie on a block, completes that block
    /// now; the trust of an unplanned workout is then exchanged for that of a block workout.
    private mutating func absorb(_ report: WorkoutReport, sameAs index: Int, at moment: Moment) throws(EngineError) -> [GhostEffect] {
        let counted = workouts[index]
        guard report.richness > counted.richness else {
            var second = entry(for: report, completedBlock: nil, blockStatusBefore: nil)
            second.countedAs = counted.id
            workouts.append(second)
            return []
        }
        for other in workouts.indices where other == index || workouts[other].countedAs == counted.id {
            workouts[other].countedAs = report.id
        }
        var completed = counted.completedBlock
        var before = counted.blockStatusBefore
        var effects: [GhostEffect] = []
        if counted.completedBlock == nil, let unplanned = unplannedWorkoutDays.lastIndex(of: counted.day) {
            if let block = matchingBlock(report) {
                unplannedWorkoutDays.remove(at: unplanned)
                before = blocks[block].status
                if before == .missed { _ = try triage.handle(.withdrawn(blocks[block].id), at: moment, rules: rules.triage) }
                blocks[block].status = .completed
                completed = blocks[block].id
                _ = breaker.handle(.workoutCompleted(inGhostBlock: true), rules: rules.breaker)
                effects = try trustEffects(.signal(.workoutRetracted(inGhostBlock: false), confidence: counted.confidence ?? 1), at: moment)
                    + trustEffects(.signal(.workoutCompleted(inGhostBlock: true), confidence: report.confidence), at: moment)
            } else {
                unplannedWorkoutDays[unplanned] = calendar.day(of: report.start)
            }
        }
        workouts.append(entry(for: report, completedBlock: completed, blockStatusBefore: before))
        return effects
    }

    private func entry(
        for report: WorkoutReport, completedBlock: BlockID?, blockStatusBefore: ScheduledBlock.Status?
    ) -> RecordedWorkout {
        RecordedWorkout(
            id: report.id, start: report.start, end: report.end, day: calendar.day(of: report.start),
            completedBlock: completedBlock, blockStatusBefore: blockStatusBefore, undone: false, source: report.source,
            activity: report.activity, energyKilocalories: report.energyKilocalories, confidence: report.confidence)
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

    private func overlap(_ report: WorkoutReport, _ workout: RecordedWorkout) -> TimeInterval {
        min(report.end, workout.end).timeIntervalSince(max(report.start, workout.start))
    }
}
