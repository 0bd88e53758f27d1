import Calendar
import Foundation
import GhostEngine
import Store

/// vigord's own calendar: the `vigor` vdir collection. It publishes the desired set (the Ghost's
/// written blocks and recovery time) through the Calendar module's writer, which touches only
/// vigord's files, writes atomically and leaves the user's edits alone. One writer, one actor.
public actor CalendarOutput {
    private let writer: VdirWriter
    /// How long past blocks stay visible in the calendar.
    static let history: TimeInterval = 30 * 86_400

    public init(directory: String, stateDirectory: String, zone: TimeZone) throws(DaemonError) {
        do {
            writer = try VdirWriter(outputDirectory: directory, ledgerPath: stateDirectory + "/vdir-ledger.json", timeZone: zone.identifier)
        } catch {
            throw .calendar(error.description)
        }
    }

    /// The collection folder (`<output>/vigor`).
    public nonisolated var collectionPath: String { writer.collectionPath }

    /// Makes the calendar show `ghost`'s blocks and the recovery times.
    @discardableResult
    public func publish(ghost: Ghost, emergencies: [Emergency], now: Date) throws(CalendarError) -> WriteReport {
        let since = now.addingTimeInterval(-Self.history)
        var blocks = ghost.blocks
            .filter { [.scheduled, .completed, .missed].contains($0.status) && $0.end > since }
            .map { block in
                VigorBlock(
                    id: block.id.rawValue, kind: "workout", state: block.status.rawValue, title: "Training",
                    start: block.start, end: block.end,
                    reason: "A \(block.durationMinutes)-minute training block the Ghost placed (\(block.origin.rawValue)). `vigorctl why` explains it.")
            }
        blocks += emergencies.filter { $0.endsAt > since }.map(Self.recoveryBlock)
        return try writer.reconcile(.loaded(blocks), now: now)
    }

    /// The Recovery Time block of an emergency.
    static func recoveryBlock(_ emergency: Emergency) -> VigorBlock {
        let minutes = Int(emergency.endsAt.timeIntervalSince(emergency.startedAt) / 60)
        return VigorBlock(
            id: "recovery-\(Int(emergency.startedAt.timeIntervalSince1970))", kind: "recovery", state: "emergency",
            title: "Recovery Time", start: emergency.startedAt, end: emergency.endsAt,
            reason: "You pressed the red button (vigorctl crashing): \(minutes) minutes kept free for recovery. "
                + "The Ghost sends no prompts or proposals until it ends.")
    }

    /// The file of a block in the collection.
    public nonisolated func file(of block: VigorBlock) -> String {
        collectionPath + "/" + VdirWriter.fileName(forUID: block.uid)
    }
}
