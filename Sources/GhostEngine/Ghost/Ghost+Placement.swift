import CivilCalendar
import Foundation

extension Ghost {
    /// Decides write, propose or skip for a candidate: sacred slots are skipped, autonomy needs the
    /// capability and confidence at or above the autonomous-action threshold, otherwise the ghost proposes.
    mutating func place(
        _ candidate: BlockCandidate, alternatives: [BlockCandidate], at moment: Moment
    ) throws(EngineError) -> [GhostEffect] {
        for offered in [candidate] + alternatives {
            guard offered.confidence.isFinite, (0...1).contains(offered.confidence) else {
                throw EngineError.valueOutOfRange(name: "candidate confidence", value: offered.confidence, allowed: "0…1")
            }
            guard offered.durationMinutes > 0 else {
                throw EngineError.valueOutOfRange(
                    name: "candidate duration", value: Double(offered.durationMinutes), allowed: "1… minutes")
            }
        }
        let offers = ([candidate] + alternatives).map { (candidate: $0, start: calendar.moment(at: $0.start)) }
        guard let chosen = offers.first(where: { !triage.isSacred(SlotKey($0.start)) }) else {
            return [.skippedPlacement(.sacredSlot(SlotKey(offers[0].start)))]
        }
        let allowed = capabilities
        let threshold = autonomousActionThreshold
        let origin: ScheduledBlock.Origin
        if allowed.canWriteCalendar && chosen.candidate.confidence >= threshold {
            origin = .auto
        } else if allowed.canPropose {
            origin = .proposal
        } else {
            return [.skippedPlacement(.observing)]
        }
        let block = ScheduledBlock(
            id: BlockID(rawValue: "b\(nextBlockNumber)"), origin: origin, start: chosen.start,
            durationMinutes: chosen.candidate.durationMinutes, status: origin == .auto ? .scheduled : .proposed,
            kind: chosen.candidate.kind)
        nextBlockNumber += 1
        blocks.append(block)
        let others = offers.filter { $0.candidate != chosen.candidate }.map { offer in
            "\(SlotKey(offer.start).label(minute: offer.start.minute))\(triage.isSacred(SlotKey(offer.start)) ? " (sacred)" : "")"
        }
        let receipt = placementReceipt(
            block, candidate: chosen.candidate, threshold: threshold, others: others, at: moment)
        return [origin == .auto ? .writeBlock(block) : .proposeBlock(block), .recordReceipt(receipt)]
    }

    /// The receipt explaining a placement.
    private mutating func placementReceipt(
        _ block: ScheduledBlock, candidate: BlockCandidate, threshold: Double, others: [String], at moment: Moment
    ) -> DecisionReceipt {
        let auto = block.origin == .auto
        let reason: String
        let at = label(block.start)
        if auto {
            reason = "I scheduled \(at) because I'm \(Percent.text(candidate.confidence)) sure of it, "
                + "at or above the \(Percent.text(threshold)) I need to act on my own."
        } else if capabilities.canWriteCalendar {
            reason = "I suggested \(at) instead of scheduling it: I'm \(Percent.text(candidate.confidence)) "
                + "sure, below the \(Percent.text(threshold)) I need to act on my own."
        } else if trust.phase.capabilities.canWriteCalendar {
            reason = "I suggested \(at) because my health is \(ghostHealth.mode.displayName), so I only propose blocks."
        } else {
            reason = "I suggested \(at) because as \(trust.phase.displayName) I only propose blocks."
        }
        return makeReceipt(
            auto ? .scheduled : .proposed, at: moment,
            inputs: stateInputs() + [
                ReceiptInput("block", block.id.rawValue),
                ReceiptInput("start", Self.timestamp(block.start)),
                ReceiptInput("durationMinutes", "\(block.durationMinutes)"),
                ReceiptInput("candidateConfidence", Self.decimal(candidate.confidence)),
                ReceiptInput("autonomousThreshold", Self.decimal(threshold)),
            ] + candidate.factors,
            alternatives: others + [auto ? "propose instead" : "schedule on my own"],
            confidence: candidate.confidence, trustImpact: 0, reason: reason)
    }

    /// The receipt of a day the evening cycle left without a block.
    mutating func emptyDayReceipt(_ day: LocalDay, _ why: DayWithoutBlock, reason: String?, at moment: Moment) -> DecisionReceipt {
        makeReceipt(
            .notPlaced, at: moment, inputs: [ReceiptInput("day", day.description), ReceiptInput("why", why.rawValue)] + stateInputs(),
            alternatives: [], confidence: 1, trustImpact: 0, reason: reason ?? why.sentence)
    }
}
