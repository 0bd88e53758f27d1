import CivilCalendar
import Foundation

extension Ghost {
    /// Accepting puts the proposal on the calendar; either answer moves trust.
    mutating func answerProposal(_ id: BlockID, accepted: Bool, at moment: Moment) throws(EngineError) -> [GhostEffect] {
        let index = try block(id, origin: .proposal, status: .proposed)
        blocks[index].status = accepted ? .scheduled : .declined
        return try trustEffects(.signal(accepted ? .proposalAccepted : .proposalDeclined, confidence: 1), at: moment)
    }

    /// Deletion of an auto block costs trust and counts towards the safety breaker.
    mutating func deleteAutoBlock(_ id: BlockID, at moment: Moment) throws(EngineError) -> [GhostEffect] {
        let index = try block(id, origin: .auto, status: .scheduled)
        blocks[index].status = .removed
        let scoreBefore = trust.score
        var effects = try trustEffects(.signal(.autoBlockDeleted, confidence: 1), at: moment)
        effects += try triageEffects(triage.handle(.blockDeleted(slot: blocks[index].slot), at: moment, rules: rules.triage), at: moment)
        let decision = breaker.handle(.autoBlockDeleted(in: trust.phase), rules: rules.breaker)
        guard case .downgrade(let target) = decision else { return effects }
        effects += [.downgrade(to: target), .apologise(SafetyBreaker.apology)]
        effects += try trustEffects(.breakerFired, at: moment, impactSince: scoreBefore)
        return effects
    }

    /// Deleting a block the user accepted counts like a late decline; the breaker counts only the ghost's own writes.
    mutating func deleteAcceptedBlock(_ id: BlockID, at moment: Moment) throws(EngineError) -> [GhostEffect] {
        let index = try block(id, origin: .proposal, status: .scheduled)
        blocks[index].status = .removed
        return try trustEffects(.signal(.proposalDeclined, confidence: 1), at: moment)
            + triageEffects(triage.handle(.blockDeleted(slot: blocks[index].slot), at: moment, rules: rules.triage), at: moment)
    }

    /// The user moving an auto block says its time was a little wrong.
    mutating func moveAutoBlock(_ id: BlockID, to target: Date, at moment: Moment) throws(EngineError) -> [GhostEffect] {
        let index = try block(id, origin: .auto, status: .scheduled)
        blocks[index].reschedule(to: calendar.moment(at: target), durationMinutes: blocks[index].durationMinutes)
        blocks[index].pinned = true
        blocks[index].proposedMove = nil
        return try trustEffects(.signal(.autoBlockMoved, confidence: 1), at: moment)
    }

    /// A workout inside a scheduled block completes it and resets the safety breaker; elsewhere it is an unplanned
    /// workout, which leaves the breaker counting.
    mutating func workoutDetected(at date: Date, confidence: Double, moment: Moment) throws(EngineError) -> [GhostEffect] {
        let inBlock = blocks.firstIndex { $0.status == .scheduled && $0.contains(date) }
        let effects = try trustEffects(.signal(.workoutCompleted(inGhostBlock: inBlock != nil), confidence: confidence), at: moment)
        if let inBlock {
            blocks[inBlock].status = .completed
        } else {
            unplannedWorkoutDays.append(calendar.day(of: date))
        }
        _ = breaker.handle(.workoutCompleted(inGhostBlock: inBlock != nil), rules: rules.breaker)
        return effects
    }

    /// Transform, remove or move a block on the ghost's own initiative, if capability and confidence allow.
    mutating func adjust(
        _ id: BlockID, _ adjustment: BlockAdjustment, confidence: Double, reason: String, rule: String?, at moment: Moment
    ) throws(EngineError) -> [GhostEffect] {
        let index = try block(id, origin: nil, status: .scheduled)
        guard confidence.isFinite, (0...1).contains(confidence) else {
            throw EngineError.valueOutOfRange(name: "adjustment confidence", value: confidence, allowed: "0…1")
        }
        let allowed: Bool
        let action: DecisionAction
        switch adjustment {
        case .transform(let minutes):
            guard minutes > 0 else {
                throw EngineError.valueOutOfRange(name: "duration", value: Double(minutes), allowed: "1… minutes")
            }
            (allowed, action) = (capabilities.canTransform, .transformed)
        case .remove:
            (allowed, action) = (capabilities.canTransform, .removed)
        case .move:
            (allowed, action) = (capabilities.canMove, .moved)
        }
        let threshold = autonomousActionThreshold
        guard allowed else {
            return [.adjustmentRefused(id, "As \(trust.phase.displayName) with health \(ghostHealth.mode.displayName) I may not do this.")]
        }
        guard confidence >= threshold else {
            return [.adjustmentRefused(
                id, "Confidence \(Percent.text(confidence)) is below the \(Percent.text(threshold)) needed to act on my own.")]
        }
        let before = blocks[index]
        // A second change before the first was answered still reverts to the length the user chose.
        let original = before.transformation.flatMap { $0.answer == nil ? $0.originalDurationMinutes : nil } ?? before.durationMinutes
        let effect: GhostEffect
        switch adjustment {
        case .transform(let minutes):
            blocks[index].reschedule(to: calendar.moment(at: before.start), durationMinutes: minutes)
            blocks[index].transformation = BlockTransformation(
                rule: rule ?? "manual", originalDurationMinutes: original, removedBlock: false, at: moment.date)
            effect = .updateBlock(blocks[index])
        case .remove:
            blocks[index].status = .removed
            blocks[index].transformation = BlockTransformation(
                rule: rule ?? "manual", originalDurationMinutes: original, removedBlock: true, at: moment.date)
            effect = .removeBlock(id)
        case .move(let target):
            blocks[index].reschedule(to: calendar.moment(at: target), durationMinutes: before.durationMinutes)
            effect = .updateBlock(blocks[index])
        }
        let receipt = makeReceipt(
            action, at: moment,
            inputs: stateInputs() + [
                ReceiptInput("block", id.rawValue),
                ReceiptInput("start", Self.timestamp(before.start)),
                ReceiptInput("durationMinutes", "\(before.durationMinutes)"),
                ReceiptInput("adjustmentConfidence", Self.decimal(confidence)),
                ReceiptInput("autonomousThreshold", Self.decimal(threshold)),
            ] + adjustmentInputs(adjustment, rule: rule),
            alternatives: ["leave the block as it is"], confidence: confidence, trustImpact: 0, reason: reason)
        return [effect, .recordReceipt(receipt)]
    }

    /// What the change was, for the receipt: the new length or start, and the rule that asked for it.
    private func adjustmentInputs(_ adjustment: BlockAdjustment, rule: String?) -> [ReceiptInput] {
        var inputs: [ReceiptInput] = []
        switch adjustment {
        case .transform(let minutes): inputs.append(ReceiptInput("newDurationMinutes", "\(minutes)"))
        case .remove: break
        case .move(let target): inputs.append(ReceiptInput("newStart", Self.timestamp(target)))
        }
        if let rule { inputs.append(ReceiptInput("rule", rule)) }
        return inputs
    }

    /// Withdraws the scheduled or proposed blocks that overlap recovery time (now until `until`); blocks after it
    /// stay, because the red button asks for rest now, not for an empty week.
    mutating func emergencyClear(reason: String, until: Date, at moment: Moment) -> [GhostEffect] {
        var effects: [GhostEffect] = []
        var cleared: [String] = []
        for index in blocks.indices
        where blocks[index].end > moment.date && blocks[index].start < until
            && [.scheduled, .proposed].contains(blocks[index].status) {
            blocks[index].status = .removed
            effects.append(.removeBlock(blocks[index].id))
            cleared.append(blocks[index].id.rawValue)
        }
        let receipt = makeReceipt(
            .emergency, at: moment,
            inputs: stateInputs() + [ReceiptInput("clearedBlocks", cleared.joined(separator: ","))],
            alternatives: ["clear every upcoming block", "keep the blocks inside recovery time"], confidence: 1, trustImpact: 0,
            reason: cleared.isEmpty
                ? "You asked for recovery time: \(reason). No block fell inside it; the rest of your week stays."
                : "You asked for recovery time: \(reason). I took off the blocks inside it; the rest of your week stays.")
        return effects + [.recordReceipt(receipt)]
    }
}
