import Foundation

extension Ghost {
    /// The user's answer to the ghost's change of block `id`. A revert puts the block back as it was
    /// (its length, or back on the calendar when it was removed) until the block would start, and
    /// costs trust; either answer is counted for the rule that made the change.
    mutating func answerTransformation(_ id: BlockID, kept: Bool, at moment: Moment) throws(EngineError) -> [GhostEffect] {
        let index = try existingBlock(id)
        guard let transformation = blocks[index].transformation, transformation.answer == nil else {
            throw EngineError.blockNotInExpectedState(
                id, expected: "a change of mine you have not kept or reverted yet",
                actual: blocks[index].transformation.map { "a change you already \($0.answer?.rawValue ?? "answered")" }
                    ?? "a block I never changed")
        }
        var effects: [GhostEffect] = []
        if kept {
            blocks[index].transformation?.answer = .kept
        } else {
            guard moment.date < blocks[index].start else {
                throw EngineError.blockNotInExpectedState(id, expected: "a block that has not started", actual: "a block that has started")
            }
            let start = calendar.moment(at: blocks[index].start)
            blocks[index].reschedule(to: start, durationMinutes: transformation.originalDurationMinutes)
            blocks[index].transformation?.answer = .reverted
            if transformation.removedBlock {
                blocks[index].status = .scheduled
                effects.append(.writeBlock(blocks[index]))
            } else {
                effects.append(.updateBlock(blocks[index]))
            }
        }
        tally(transformation.rule, kept: kept)
        return try effects + trustEffects(.signal(kept ? .transformationKept : .transformationReverted, confidence: 1), at: moment)
    }

    /// Changes whose block reached its start without a revert count as kept (no trust signal: silence
    /// is not praise), so a rule's revert rate is not inflated by the answers nobody gave.
    mutating func settlePassedTransformations(at moment: Moment) {
        for index in blocks.indices where blocks[index].transformation?.answer == nil && blocks[index].start <= moment.date {
            blocks[index].transformation?.answer = .kept
            if let rule = blocks[index].transformation?.rule { tally(rule, kept: true) }
        }
    }

    private mutating func tally(_ rule: String, kept: Bool) {
        var entry = transformationTallies.first { $0.rule == rule } ?? TransformationTally(rule: rule)
        if kept { entry.kept += 1 } else { entry.reverted += 1 }
        transformationTallies = (transformationTallies.filter { $0.rule != rule } + [entry]).sorted { $0.rule < $1.rule }
    }
}
