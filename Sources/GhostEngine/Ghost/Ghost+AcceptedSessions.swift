import CivilCalendar
import Foundation

extension Ghost {
    /// Writes a session the user accepted with their week (the weekly question's yes) as an accepted block: no daily
    /// question. It is theirs as an accepted proposal is (deleting it takes the yes back; the breaker never counts it).
    /// Only a Scheduler's yes counts so: from Auto-Scheduler up the Ghost decides on its own again, and a Ghost that may
    /// not propose (ghost health narrowed it) places the candidate as usual, with its alternatives. A sacred slot is
    /// still skipped.
    mutating func placeAccepted(
        _ candidate: BlockCandidate, alternatives: [BlockCandidate], acceptedAt: Date, at moment: Moment
    ) throws(EngineError) -> [GhostEffect] {
        guard trust.phase == .scheduler, capabilities.canPropose else { return try place(candidate, alternatives: alternatives, at: moment) }
        guard candidate.confidence.isFinite, (0...1).contains(candidate.confidence) else {
            throw EngineError.valueOutOfRange(name: "candidate confidence", value: candidate.confidence, allowed: "0…1")
        }
        guard candidate.durationMinutes > 0 else {
            throw EngineError.valueOutOfRange(name: "candidate duration", value: Double(candidate.durationMinutes), allowed: "1… minutes")
        }
        let start = calendar.moment(at: candidate.start)
        guard !triage.isSacred(SlotKey(start)) else { return [.skippedPlacement(.sacredSlot(SlotKey(start)))] }
        let block = ScheduledBlock(
            id: BlockID(rawValue: "b\(nextBlockNumber)"), origin: .proposal, start: start,
            durationMinutes: candidate.durationMinutes, status: .scheduled, kind: candidate.kind)
        nextBlockNumber += 1
        blocks.append(block)
        let accepted = Self.acceptanceDay(acceptedAt, calendar: calendar)
        let receipt = makeReceipt(
            .scheduled, at: moment,
            inputs: stateInputs() + [
                ReceiptInput("block", block.id.rawValue),
                ReceiptInput("start", Self.timestamp(block.start)),
                ReceiptInput("durationMinutes", "\(block.durationMinutes)"),
                ReceiptInput("candidateConfidence", Self.decimal(candidate.confidence)),
                ReceiptInput(Self.weekAcceptedInput, Self.timestamp(acceptedAt)),
            ] + candidate.factors,
            alternatives: ["ask again"], confidence: candidate.confidence, trustImpact: 0,
            reason: "I scheduled \(label(block.start)) without asking because you accepted this week's sessions on \(accepted).")
        return [.writeBlock(block), .recordReceipt(receipt)]
    }

    /// The receipt input that names when the user accepted the week a block was written for.
    public static let weekAcceptedInput = "weekAcceptedAt"

    /// "Sun 22 Nov" in the user's zone.
    static func acceptanceDay(_ date: Date, calendar: LocalCalendar) -> String {
        calendar.day(of: date).label
    }
}
