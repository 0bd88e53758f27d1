import CivilCalendar
import Foundation

extension Ghost {
    /// A coming block whose kind the user's profile now rules out: it becomes `kind`, or, with none open, leaves the
    /// calendar (a proposal is withdrawn). Whatever the trust phase: keeping a session an injury rules out is never
    /// the safe side. A block already past, done or answered otherwise is left as it is.
    mutating func reviseKind(_ id: BlockID, to kind: SessionKind?, ruledOut: String, at moment: Moment) throws(EngineError) -> [GhostEffect] {
        let index = try existingBlock(id)
        let before = blocks[index]
        guard [.scheduled, .proposed].contains(before.status), before.start > moment.date, before.kind != kind else { return [] }
        let was = before.kind?.phrase ?? "training"
        let when = ReplanSentence.label(before.start, calendar: calendar)
        var inputs = stateInputs() + [
            ReceiptInput("block", id.rawValue), ReceiptInput("start", Self.timestamp(before.start)),
            ReceiptInput("sessionKindBefore", before.kind?.rawValue ?? "none"), ReceiptInput("ruledOut", ruledOut),
        ]
        guard let kind else {
            blocks[index].status = before.status == .proposed ? .declined : .removed
            blocks[index].proposedMove = nil
            inputs.append(ReceiptInput("sessionKind", "none"))
            return [.removeBlock(id), .recordReceipt(makeReceipt(
                .removed, at: moment, inputs: inputs, alternatives: ["keep it as \(was)"], confidence: 1, trustImpact: 0,
                reason: "Took \(was) on \(when) off your calendar: your profile now rules out every kind of session I "
                    + "propose (\(ruledOut))."))]
        }
        blocks[index].kind = kind
        inputs.append(ReceiptInput("sessionKind", kind.rawValue))
        return [.updateBlock(blocks[index]), .recordReceipt(makeReceipt(
            .kindChanged, at: moment, inputs: inputs, alternatives: ["keep it as \(was)"], confidence: 1, trustImpact: 0,
            reason: "Changed \(when) from \(was) to \(kind.phrase): your profile now rules out \(ruledOut)."))]
    }
}
