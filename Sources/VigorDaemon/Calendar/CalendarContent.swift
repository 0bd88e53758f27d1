import ICalendarKit
import Foundation
import GhostEngine
import Store

/// What vigord's calendar should show: the Ghost's blocks on the calendar (and those past, for a while), pending
/// proposals as tentative events, and recovery times, each explained in words by `BlockDescription`. Pure: the
/// identities (UIDs, SEQUENCE) are filled in by the caller.
enum CalendarContent {
    /// The items to write, with empty identities.
    static func blocks(
        _ ghost: Ghost, emergencies: [RecoveryTime], receipts: [DecisionReceipt], style: CalendarStyle, now: Date
    ) -> [VigorBlock] {
        let since = now.addingTimeInterval(-CalendarOutput.history)
        let explained = BlockDescription.receiptsByBlock(receipts)
        let blocks = ghost.blocks
            .filter { [.scheduled, .completed, .missed].contains($0.status) && $0.end > since }
            .map { block in
                VigorBlock(
                    id: block.id.rawValue, kind: "workout", state: block.status.rawValue, title: title(block),
                    start: block.start, end: block.end,
                    reason: BlockDescription.block(block, receipts: explained[block.id.rawValue] ?? []),
                    identity: unsettled(now), alarmMinutesBefore: block.status == .scheduled ? style.alarmMinutes : nil,
                    categories: CalendarStyle.training.categories, color: CalendarStyle.training.color)
            }
        return blocks + proposals(ghost, explained: explained, now: now)
            + emergencies.filter { $0.endsAt > since }.map { recoveryBlock($0, now: now) }
    }

    /// Pending proposals as tentative events that make no one busy: a proposed block under its own id (the
    /// real block replaces it on accept, under the same UID), and a proposed move at its new time.
    static func proposals(_ ghost: Ghost, explained: [String: [DecisionReceipt]], now: Date) -> [VigorBlock] {
        ghost.blocks.filter { $0.end > now }.compactMap { block in
            let receipts = explained[block.id.rawValue] ?? []
            if block.status == .proposed {
                return VigorBlock(
                    id: block.id.rawValue, kind: "workout", state: "proposed", title: "Proposed: " + title(block),
                    start: block.start, end: block.end, reason: BlockDescription.block(block, receipts: receipts), tentative: true,
                    identity: unsettled(now), categories: CalendarStyle.proposal.categories, color: CalendarStyle.proposal.color)
            }
            if block.status == .scheduled, let target = block.proposedMove {
                return VigorBlock(
                    id: block.id.rawValue + "-move", kind: "workout", state: "move-proposed", title: "Proposed: \(title(block)) moved here",
                    start: target, end: target.addingTimeInterval(TimeInterval(block.durationMinutes * 60)),
                    reason: BlockDescription.proposedMove(of: block, receipts: receipts), tentative: true,
                    identity: unsettled(now), categories: CalendarStyle.proposal.categories, color: CalendarStyle.proposal.color)
            }
            return nil
        }
    }

    /// A block's SUMMARY: its session kind now ("Run", "Strength training"; "Walk" after a recovery walk replaced it),
    /// or "Training" for a block placed before sessions had kinds.
    static func title(_ block: ScheduledBlock) -> String {
        block.currentKind?.title ?? "Training"
    }

    /// The Recovery Time block of an emergency.
    static func recoveryBlock(_ emergency: RecoveryTime, now: Date) -> VigorBlock {
        VigorBlock(
            id: recoveryID(emergency), kind: "recovery", state: "emergency",
            title: "Recovery Time", start: emergency.startedAt, end: emergency.endsAt,
            reason: BlockDescription.recovery(minutes: Int(emergency.endsAt.timeIntervalSince(emergency.startedAt) / 60)),
            identity: unsettled(now), categories: CalendarStyle.recovery.categories, color: CalendarStyle.recovery.color)
    }

    /// The item id of an emergency's Recovery Time.
    static func recoveryID(_ emergency: RecoveryTime) -> String {
        "recovery-\(Int(emergency.startedAt.timeIntervalSince1970))"
    }

    /// A placeholder until the store settles the item's identity.
    private static func unsettled(_ now: Date) -> CalendarIdentity {
        CalendarIdentity(uid: "", created: now)
    }
}
