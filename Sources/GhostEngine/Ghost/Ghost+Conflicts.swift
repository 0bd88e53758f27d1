import Foundation

extension Ghost {
    /// How often the ghost moves one block because of conflicts in one local day: a calendar that flips
    /// back and forth must not make a block dance.
    public static let maximumConflictMovesPerDay = 2

    /// Resolves a conflict as the trust phase allows: a proposal follows the conflict (it is only a
    /// suggestion); a block on the calendar is moved when the ghost may: its own block from Auto-Scheduler up
    /// (taking it off a meeting is part of writing the calendar), a block the user accepted only with
    /// `canMove` (Full Ghost: below it, the user's yes is not changed without asking), and not while ghost
    /// health keeps existing blocks as they are. Otherwise it gets a move proposal (may propose) or is only
    /// noted (observer). With nowhere to go, a block is removed, never left on top of a meeting. A block the
    /// user moved by hand is left where they put it.
    mutating func resolve(_ conflict: BlockConflict, at moment: Moment) throws(EngineError) -> [GhostEffect] {
        let index = try existingBlock(conflict.block)
        let block = blocks[index]
        guard [.scheduled, .proposed].contains(block.status), block.start > moment.date else { return [] }
        // The same picture of the week, already answered without a move, changes nothing.
        let seen = block.answeredConflict == conflict
        if block.pinned {
            if seen { return [] }
            blocks[index].answeredConflict = conflict
            return [.recordReceipt(conflictReceipt(
                .conflictNoted, block, conflict, at: moment, alternatives: ["move it"],
                reason: "Left \(label(block.start)) where you put it, although \(conflict.cause)."))]
        }
        guard let target = conflict.target else {
            return removeForConflict(index, conflict, at: moment)
        }
        if block.status == .proposed {
            return moveForConflict(index, to: target, conflict, at: moment, action: .proposed)
        }
        let movesToday = block.conflictMoves.filter { $0 == moment.day }.count
        if movesToday >= Self.maximumConflictMovesPerDay {
            if seen { return [] }
            blocks[index].answeredConflict = conflict
            return [.recordReceipt(conflictReceipt(
                .conflictNoted, block, conflict, at: moment, alternatives: ["move it again"],
                reason: "Left \(label(block.start)) although \(conflict.cause): I already moved it "
                    + "\(movesToday) times today; move it yourself if it still clashes."))]
        }
        let mayMove = block.origin == .auto ? capabilities.canWriteCalendar : capabilities.canMove
        if mayMove && ghostHealth.mode.changesExistingBlocks {
            blocks[index].conflictMoves.append(moment.day)
            return moveForConflict(index, to: target, conflict, at: moment, action: .moved)
        }
        if seen { return [] }
        if capabilities.canPropose {
            blocks[index].proposedMove = target
            blocks[index].answeredConflict = conflict
            return [.proposeMove(blocks[index], to: target), .recordReceipt(conflictReceipt(
                .moveProposed, block, conflict, at: moment, alternatives: ["keep it", "move it on my own"],
                reason: ReplanSentence.moveSuggested(from: block.start, to: target, cause: conflict.cause, calendar: calendar)))]
        }
        blocks[index].answeredConflict = conflict
        return [.recordReceipt(conflictReceipt(
            .conflictNoted, block, conflict, at: moment, alternatives: ["move it"],
            reason: "Noted that \(conflict.cause) over \(label(block.start)); as \(trust.phase.displayName) I change nothing."))]
    }

    /// The user's answer to a proposed move: yes moves the block there, no keeps it where it is; either way a
    /// receipt says so, so `why` tells the whole story of the block.
    mutating func answerMove(_ id: BlockID, accepted: Bool, at moment: Moment) throws(EngineError) -> [GhostEffect] {
        let index = try block(id, origin: nil, status: .scheduled)
        guard let target = blocks[index].proposedMove else {
            throw EngineError.blockNotInExpectedState(id, expected: "a block I proposed to move", actual: "a block with no move proposed")
        }
        let before = blocks[index]
        blocks[index].proposedMove = nil
        let inputs = stateInputs() + [
            ReceiptInput("block", id.rawValue), ReceiptInput("start", Self.timestamp(before.start)),
            ReceiptInput("target", Self.timestamp(target)),
        ]
        guard accepted else {
            return [.recordReceipt(makeReceipt(
                .conflictNoted, at: moment, inputs: inputs, alternatives: ["move it"], confidence: 1, trustImpact: 0,
                reason: "Kept \(label(before.start)) where it is: you declined moving it to \(label(target))."))]
        }
        blocks[index].reschedule(to: calendar.moment(at: target), durationMinutes: before.durationMinutes)
        return [.updateBlock(blocks[index]), .recordReceipt(makeReceipt(
            .moved, at: moment, inputs: inputs, alternatives: ["keep it where it was"], confidence: 1, trustImpact: 0,
            reason: "Moved \(ReplanSentence.span(from: before.start, to: target, calendar: calendar)): you accepted the move."))]
    }

    private mutating func moveForConflict(
        _ index: Int, to target: Date, _ conflict: BlockConflict, at moment: Moment, action: DecisionAction
    ) -> [GhostEffect] {
        let before = blocks[index]
        blocks[index].reschedule(to: calendar.moment(at: target), durationMinutes: before.durationMinutes)
        blocks[index].proposedMove = nil
        return [.updateBlock(blocks[index]), .recordReceipt(conflictReceipt(
            action, before, conflict, at: moment, alternatives: ["leave it on top of the conflict"],
            reason: ReplanSentence.moved(
                from: before.start, to: target, cause: conflict.cause, proposal: before.status == .proposed, calendar: calendar)))]
    }

    private mutating func removeForConflict(_ index: Int, _ conflict: BlockConflict, at moment: Moment) -> [GhostEffect] {
        let before = blocks[index]
        blocks[index].status = before.status == .proposed ? .declined : .removed
        blocks[index].proposedMove = nil
        return [.removeBlock(before.id), .recordReceipt(conflictReceipt(
            .removed, before, conflict, at: moment, alternatives: ["leave it on top of the conflict"],
            reason: ReplanSentence.removed(from: before.start, cause: conflict.cause, calendar: calendar)))]
    }

    private mutating func conflictReceipt(
        _ action: DecisionAction, _ block: ScheduledBlock, _ conflict: BlockConflict, at moment: Moment,
        alternatives: [String], reason: String
    ) -> DecisionReceipt {
        makeReceipt(
            action, at: moment,
            inputs: stateInputs() + [
                ReceiptInput("block", block.id.rawValue),
                ReceiptInput("start", Self.timestamp(block.start)),
                ReceiptInput("conflict", conflict.cause),
                ReceiptInput("target", conflict.target.map(Self.timestamp) ?? "none"),
            ],
            alternatives: alternatives, confidence: 1, trustImpact: 0, reason: reason)
    }

    /// "Tue 06:30" in the user's zone: a block's exact start, never only its hour.
    func label(_ date: Date) -> String {
        ReplanSentence.label(date, calendar: calendar)
    }
}
