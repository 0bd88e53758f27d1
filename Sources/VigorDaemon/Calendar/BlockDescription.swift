import CivilCalendar
import Foundation
import GhostEngine

/// The DESCRIPTION of a block in vigord's calendar: in plain words, why it is at this time and what changed about it
/// since, from the receipts of the decisions about it ("tap on a block: why this time?"). Pure: receipts in, text out.
enum BlockDescription {
    /// The receipt actions that explain a block.
    static let actions: [DecisionAction] = [.scheduled, .proposed, .transformed, .moved, .moveProposed, .conflictNoted, .kindChanged]

    /// The receipts of `actions`, grouped by the block they name (`block=b7`), oldest first.
    static func receiptsByBlock(_ receipts: [DecisionReceipt]) -> [String: [DecisionReceipt]] {
        var grouped: [String: [DecisionReceipt]] = [:]
        for receipt in receipts {
            guard let block = receipt.inputs.first(where: { $0.name == "block" })?.value else { continue }
            grouped[block, default: []].append(receipt)
        }
        return grouped
    }

    /// A block on the calendar (scheduled, done or missed) or proposed, with the receipts about it, oldest first.
    static func block(_ block: ScheduledBlock, receipts: [DecisionReceipt]) -> String {
        var paragraphs = ["\(block.durationMinutes) minutes of \(activity(block))."]
        // The placement is the first decision about the block; a suggestion moved off a conflict is `proposed` too.
        let placement = receipts.first { ($0.action == .scheduled || $0.action == .proposed) && !isConflict($0) }
        let later = receipts.filter { receipt in placement.map { receipt.at >= $0.at } ?? true }
        let moved = later.last { $0.action == .moved || ($0.action == .proposed && isConflict($0)) }
        // A block moved since (by the Ghost or by the user) is not at the time its placement explains: only the move's
        // reason is given.
        let atPlacedTime = moved == nil && !block.pinned
        if let placement {
            if atPlacedTime, let why = whyThisTime(placement) { paragraphs.append(why) }
            if let ruledOut = placement.inputs.first(where: { $0.name == "injuryRuledOut" })?.value {
                paragraphs.append("Not proposed because of an injury: \(ruledOut).")
            }
            if atPlacedTime { paragraphs.append(placement.reason) }
        } else {
            paragraphs.append(block.origin == .auto ? "I placed it on my own." : "I suggested it; you said yes.")
        }
        if let transformation = block.transformation, !transformation.removedBlock, transformation.answer != .reverted,
           let changed = receipts.last(where: { $0.action == .transformed }) {
            paragraphs.append("Changed from \(transformation.originalDurationMinutes) to \(block.durationMinutes) minutes: \(changed.reason)")
        }
        if let changed = receipts.last(where: { $0.action == .kindChanged }) {
            paragraphs.append(changed.reason)
        }
        if block.pinned {
            paragraphs.append("You moved it here, so I leave it where you put it.")
        } else if let moved {
            paragraphs.append(moved.reason)
        }
        if block.status == .scheduled, let noted = later.last(where: { $0.action == .conflictNoted }),
           moved.map({ noted.at >= $0.at }) ?? true {
            paragraphs.append(noted.reason)
        }
        switch block.status {
        case .completed: paragraphs.append("Done: a workout was recorded in it.")
        case .missed: paragraphs.append("Its time passed with no workout recorded.")
        case .proposed:
            paragraphs.append("Say yes or no in the notification, or with vigorctl accept \(block.id.rawValue) or vigorctl decline \(block.id.rawValue).")
        case .scheduled, .declined, .removed, .expired: break
        }
        return paragraphs.joined(separator: "\n\n")
    }

    /// A move the Ghost proposes for `block`, shown at its new time.
    static func proposedMove(of block: ScheduledBlock, receipts: [DecisionReceipt]) -> String {
        var paragraphs = ["Your \(block.durationMinutes) minutes of \(activity(block)), moved here if you agree."]
        paragraphs.append(receipts.last { $0.action == .moveProposed }?.reason ?? "Something now covers your training block.")
        paragraphs.append("Say yes or no in the notification, or with vigorctl accept \(block.id.rawValue) (move it) "
            + "or vigorctl decline \(block.id.rawValue) (keep it where it is).")
        return paragraphs.joined(separator: "\n\n")
    }

    /// What the minutes are for: "running", or "training" for a block placed before sessions had kinds.
    static func activity(_ block: ScheduledBlock) -> String {
        block.currentKind?.activity ?? "training"
    }

    /// The recovery time of a press of the red button.
    static func recovery(minutes: Int) -> String {
        "You pressed the red button: \(minutes) minutes kept free for recovery.\n\nI send no prompts or proposals until it ends."
    }

    /// "Why this time: …" from a placement's slot factors (Docs/engine.md, the slot finder); nil when the receipt has
    /// none (a block placed by hand).
    static func whyThisTime(_ placement: DecisionReceipt) -> String? {
        func value(_ name: String) -> Double? {
            placement.inputs.first { $0.name == name }.flatMap { Double($0.value) }
        }
        guard let preferred = value("preferredWindow") else { return nil }
        let unreadable = placement.inputs.contains { $0.name == "autonomy" && $0.value == "proposalOnly" }
        var reasons = [DecisionExplanation.freeCalendarsReason(unreadableCalendar: unreadable)]
        if preferred == 1 { reasons.append("it is inside your preferred training hours") }
        if preferred == 0 { reasons.append("it is the best free time that day, although outside your preferred hours") }
        if let learned = value("learnedPreference"), learned > 0.5 {
            reasons.append("you usually train at this hour (\(Percent.text(learned)) of the sessions here were done)")
        }
        var after: [String] = []
        if let skip = value("skipProbability"), skip != 0.5 {
            if skip < 0.5 {
                reasons.append("it is a day you are likely to keep (a \(Percent.text(skip)) chance you skip it)")
            } else {
                after.append("Days like this one are often skipped (risk \(Percent.text(skip))).")
            }
        }
        if unreadable {
            after.append("A calendar could not be read for that day, so it can only be a suggestion.")
        }
        return (["Why this time: " + list(reasons) + "."] + after).joined(separator: " ")
    }

    /// Whether a receipt answers a conflict (it names what covers the block).
    private static func isConflict(_ receipt: DecisionReceipt) -> Bool {
        receipt.inputs.contains { $0.name == "conflict" }
    }

    /// "a", "a and b", "a, b and c".
    private static func list(_ items: [String]) -> String {
        guard items.count > 1 else { return items.first ?? "" }
        return items.dropLast().joined(separator: ", ") + " and " + items[items.count - 1]
    }
}
