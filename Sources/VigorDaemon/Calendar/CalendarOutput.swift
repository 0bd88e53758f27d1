import Calendar
import Foundation
import GhostEngine
import Logging
import Store

/// vigord's own calendar: the `vigor` vdir collection. It publishes the desired set (the Ghost's
/// written blocks and recovery time) through the Calendar module's writer, which touches only
/// vigord's files, writes atomically and leaves the user's edits alone, and it hands the user's
/// deletions and moves to the Ghost (safety breaker, learning). One writer, one actor.
public actor CalendarOutput {
    private let writer: VdirWriter
    /// The collection the blocks are written to (`<directory>/vigor`).
    nonisolated var collection: String { writer.collectionPath }
    private let ghost: GhostHost
    private let logger: Logger
    private let failures: FailureLog
    /// How long past blocks stay visible in the calendar.
    static let history: TimeInterval = 30 * 86_400

    public init(
        directory: String, stateDirectory: String, zone: TimeZone, ghost: GhostHost, logger: Logger, failures: FailureLog? = nil
    ) throws(DaemonError) {
        do {
            writer = try VdirWriter(outputDirectory: directory, ledgerPath: Self.ledgerPath(stateDirectory), timeZone: zone.identifier)
        } catch {
            throw .calendar(error.description)
        }
        self.ghost = ghost
        self.logger = logger
        self.failures = failures ?? FailureLog(logger: logger)
    }

    /// Where the writer keeps its ledger of the files it wrote.
    static func ledgerPath(_ stateDirectory: String) -> String {
        stateDirectory + "/vdir-ledger.json"
    }

    /// Whether vigord's calendar lists blocks written from the state in `stateDirectory`: then that state
    /// must exist. An unreadable ledger counts as listing blocks, so doubt never starts a fresh Ghost.
    static func hasWrittenBlocks(stateDirectory: String) -> Bool {
        do {
            return try VdirWriter.ledgerListsBlocks(at: ledgerPath(stateDirectory))
        } catch {
            return true
        }
    }

    /// The collection folder (`<output>/vigor`).
    public nonisolated var collectionPath: String { writer.collectionPath }

    /// Makes the calendar show the Ghost's blocks and the recovery times; edits the user made
    /// since the last pass go to the Ghost first.
    @discardableResult
    public func sync(now: Date) async throws -> WriteReport {
        let emergencies = await ghost.emergencies(endingAfter: now.addingTimeInterval(-Self.history))
        let report: WriteReport
        do {
            report = try writer.reconcile(.loaded(desired(await ghost.current, emergencies: emergencies, now: now)), now: now)
            failures.succeeded("writing vigord's calendar")
        } catch {
            await failures.failed("writing vigord's calendar", reason: error.description, counting: .calendarWriteFailed, in: ghost, at: now)
            throw error
        }
        try await learn(report.userChanges, now: now)
        return report
    }

    /// Looks for the user's edits (at start, and when the folder changes) and hands them to the Ghost.
    @discardableResult
    public func learnEdits(now: Date) async throws -> [BlockChange] {
        let changes = try writer.detectEdits()
        try await learn(changes, now: now)
        return changes
    }

    /// A watcher on the collection folder (inotify).
    public func makeWatcher() throws -> VdirWatcher {
        try writer.makeWatcher()
    }

    private func learn(_ changes: [BlockChange], now: Date) async throws {
        for change in changes {
            let current = await ghost.current
            guard let event = Self.event(for: change, in: current) else {
                logger.info("calendar edit noted", metadata: ["block": "\(change.blockID)", "change": "\(change.kind.rawValue)"])
                continue
            }
            do {
                _ = try await ghost.perform(event, at: now)
                logger.info("calendar edit learned", metadata: ["block": "\(change.blockID)", "change": "\(change.kind.rawValue)"])
            } catch let error as EngineError {
                logger.warning("calendar edit not applied", metadata: ["block": "\(change.blockID)", "error": "\(error.message)"])
            }
        }
    }

    /// The engine event for a user's edit: deleting or moving a block the Ghost wrote itself, or
    /// deleting one the user accepted. Other edits (a title, moving an accepted block, recovery time)
    /// are the user's to make.
    static func event(for change: BlockChange, in ghost: Ghost) -> GhostEvent? {
        guard let block = ghost.block(BlockID(rawValue: change.blockID)), block.status == .scheduled else { return nil }
        switch (change.kind, block.origin) {
        case (.deleted, .auto): return .autoBlockDeleted(block.id)
        case (.deleted, .proposal): return .acceptedBlockDeleted(block.id)
        case (.moved, .auto): return change.newStart.map { .autoBlockMoved(block.id, to: $0) }
        case (.moved, .proposal), (.edited, _): return nil
        }
    }

    private func desired(_ ghost: Ghost, emergencies: [Emergency], now: Date) -> [VigorBlock] {
        let since = now.addingTimeInterval(-Self.history)
        let blocks = ghost.blocks
            .filter { [.scheduled, .completed, .missed].contains($0.status) && $0.end > since }
            .map { block in
                VigorBlock(
                    id: block.id.rawValue, kind: "workout", state: block.status.rawValue, title: "Training",
                    start: block.start, end: block.end,
                    reason: "A \(block.durationMinutes)-minute training block the Ghost placed (\(block.origin.rawValue)). `vigorctl why` explains it.")
            }
        return blocks + Self.proposals(ghost, now: now) + emergencies.filter { $0.endsAt > since }.map(Self.recoveryBlock)
    }

    /// Pending proposals as tentative events that make no one busy: a proposed block under its own id (the
    /// real block replaces it on accept, under the same UID), and a proposed move at its new time.
    static func proposals(_ ghost: Ghost, now: Date) -> [VigorBlock] {
        ghost.blocks.filter { $0.end > now }.compactMap { block in
            if block.status == .proposed {
                return VigorBlock(
                    id: block.id.rawValue, kind: "workout", state: "proposed", title: "Proposed: Training",
                    start: block.start, end: block.end,
                    reason: "The Ghost proposes \(block.durationMinutes) minutes of training here. "
                        + "Accept: vigorctl accept \(block.id.rawValue). Decline: vigorctl decline \(block.id.rawValue).",
                    tentative: true)
            }
            if block.status == .scheduled, let target = block.proposedMove {
                return VigorBlock(
                    id: block.id.rawValue + "-move", kind: "workout", state: "move-proposed", title: "Proposed: Training moved here",
                    start: target, end: target.addingTimeInterval(TimeInterval(block.durationMinutes * 60)),
                    reason: "Something now covers your training block; the Ghost proposes this time instead. "
                        + "Move it: vigorctl accept \(block.id.rawValue). Keep it where it is: vigorctl decline \(block.id.rawValue).",
                    tentative: true)
            }
            return nil
        }
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
