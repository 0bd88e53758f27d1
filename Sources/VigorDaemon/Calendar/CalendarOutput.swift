import ICalendarKit
import Foundation
import GhostEngine
import Logging
import Store
import VigorRPC

/// vigord's own calendar: the `vigor` vdir collection, and the shadow collection when `[calendar.shadow]` asks for
/// one. It publishes the desired set (the Ghost's written blocks, proposals and recovery time) through the Calendar
/// module's writers, which touch only vigord's files, write atomically and leave the user's edits alone; every item
/// keeps the UIDs and revision the store settles for it. It hands the user's deletions and moves to the Ghost (safety
/// breaker, learning). One writer, one actor.
public actor CalendarOutput {
    private let writer: VdirWriter
    private let shadow: ShadowWriter?
    private let style: CalendarStyle
    private let ghost: GhostHost
    private let database: AppDatabase
    private let logger: Logger
    private let failures: FailureLog
    /// Held time: its items are written beside the blocks, its edits go to it rather than to the Ghost.
    public nonisolated let holds: HoldDesk
    /// The identities the calendar shows now, saved or not.
    private var identities: [String: CalendarItem] = [:]
    /// Whether `identities` holds changes the store could not save yet (a full disk).
    private var unsaved = false
    /// The shadow events written last, to recognise them when a calendar vigord reads brings them back.
    private var echo: ShadowEcho?
    /// Why the last write of vigord's calendar failed, since when (nil: it is in step with the Ghost).
    private var writeFailure: (reason: String, since: Date)?
    /// How many times writing began to fail since vigord started.
    private var writeFailureEpisodes = 0
    /// How long past blocks stay visible in the calendar.
    static let history: TimeInterval = 30 * 86_400
    /// How far back receipts can explain a block still in the calendar: its history, plus the days ahead it was placed.
    static let explainedSince: TimeInterval = history + 14 * 86_400

    /// - Throws: `DaemonError.calendar` for a zone libical does not know.
    public init(
        directory: String, stateDirectory: String, zone: TimeZone, ghost: GhostHost, database: AppDatabase,
        alarmMinutes: Int? = 10, shadow: ShadowCalendar? = nil, logger: Logger, failures: FailureLog? = nil
    ) throws(DaemonError) {
        do {
            writer = try VdirWriter(outputDirectory: directory, ledgerPath: Self.ledgerPath(stateDirectory), timeZone: zone.identifier)
        } catch {
            throw .calendar(error.description)
        }
        // `StartChecks` refused a shadow folder that would mix with vigord's own collection before the start.
        self.shadow = shadow.map { ShadowWriter(collectionPath: ($0.path as NSString).standardizingPath) }
        style = CalendarStyle(alarmMinutes: alarmMinutes, shadowSummary: shadow?.summary)
        self.ghost = ghost
        self.database = database
        self.logger = logger
        self.failures = failures ?? FailureLog(logger: logger)
        holds = try HoldDesk(database: database, logger: logger)
        do {
            identities = try database.calendarItems()
        } catch {
            throw .storage(error.description)
        }
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
    /// The same folder, under the name the tests use.
    nonisolated var collection: String { writer.collectionPath }

    /// Makes the calendar show the Ghost's blocks and the recovery times; edits the user made
    /// since the last pass go to the Ghost first. The shadow calendar follows in the same pass.
    @discardableResult
    public func sync(now: Date) async throws -> WriteReport {
        let report: WriteReport
        var published: [VigorBlock]
        do {
            published = try await publication(now: now)
            report = try writer.reconcile(.loaded(published))
            failures.succeeded("writing vigord's calendar")
            writeFailure = nil
        } catch {
            let reason = Self.reason(error)
            await failures.failed("writing vigord's calendar", reason: reason, counting: .calendarWriteFailed, in: ghost, at: now)
            if writeFailure == nil { writeFailureEpisodes += 1 }
            writeFailure = (reason: reason, since: writeFailure?.since ?? now)
            // What was decided is saved; the calendar is written again on the next change or tick (`catchUp`).
            throw error is StoreError ? error : CalendarPublishError(cause: error) as any Error
        }
        try await learn(report.userChanges, now: now)
        if shadow != nil {
            if !report.userChanges.isEmpty { published = try await publication(now: now) }
            await writeShadow(published, now: now)
        }
        return report
    }

    /// Why a write failed, the same for every file of one cause (a read-only folder fails each block's file): the
    /// folder and the system's reason, so the log tells a failure once, not once per block.
    static func reason(_ error: any Error) -> String {
        guard case CalendarError.writeFailed(let path, let why) = error else { return "\(error)" }
        let folder = path.hasSuffix(".ics") ? (path as NSString).deletingLastPathComponent : path
        return "\(folder): write failed: \(why)"
    }

    /// Writes the calendar when the last write failed, so it is back in step with the Ghost as soon as the folder is
    /// writable again; true when it wrote. A write that still fails stays owed (and logged once, as it began).
    @discardableResult
    public func catchUp(now: Date) async throws -> Bool {
        guard writeFailure != nil else { return false }
        try await sync(now: now)
        return true
    }

    /// Whether vigord's calendar is in step with the Ghost, for `status`.
    public func writeStatus(zone: TimeZone) -> CalendarWriteStatus {
        CalendarWriteStatus(
            ok: writeFailure == nil, failingSince: writeFailure.map { RPCTimestamp($0.since, in: zone) }, reason: writeFailure?.reason,
            failedEpisodes: writeFailureEpisodes)
    }

    /// Looks for the user's edits (at start, and when the folder changes) and hands them to the Ghost; the shadow
    /// calendar follows what they changed.
    @discardableResult
    public func learnEdits(now: Date) async throws -> [BlockChange] {
        let changes = try writer.detectEdits()
        try await learn(changes, now: now)
        if shadow != nil && !changes.isEmpty {
            await writeShadow(try await publication(now: now), now: now)
        }
        return changes
    }

    /// A watcher on the collection folder (inotify).
    public func makeWatcher() throws -> VdirWatcher {
        try writer.makeWatcher()
    }

    /// `busy` without vigord's own shadow events, when a calendar it reads brings them back (see `ShadowEcho`).
    public func withoutOwnBusyEvents(_ busy: BusyResult) -> BusyResult {
        echo?.removing(from: busy) ?? busy
    }

    /// The file of an item in the collection (`b7`, `recovery-…`), as last written; nil before it is.
    public func file(ofItem id: String) throws -> String? {
        try writer.writtenFiles()[id].map { collectionPath + "/" + $0 }
    }

    /// Writes the shadow calendar: every published block that makes the user busy and is still on the calendar (not a
    /// proposal, not one the user deleted), under its shadow UID. A failure is logged and counts toward ghost health;
    /// it does not undo what vigord's own calendar shows.
    private func writeShadow(_ published: [VigorBlock], now: Date) async {
        guard let shadow, let summary = style.shadowSummary else { return }
        do {
            let deleted = try writer.blocksDeletedByUser()
            let events = published.filter { !$0.transparent && !deleted.contains($0.id) }.compactMap { block -> ShadowEvent? in
                guard let item = identities[block.id] else { return nil }
                return ShadowEvent(
                    identity: CalendarIdentity(uid: item.shadowUID, sequence: item.sequence, created: item.createdAt, lastModified: item.modifiedAt),
                    start: block.start, end: block.end, summary: summary)
            }
            _ = try shadow.reconcile(events)
            echo = ShadowEcho(summary: summary, spans: events.map { DateInterval(start: $0.start, end: max($0.start, $0.end)) })
            failures.succeeded("writing the shadow calendar")
        } catch {
            await failures.failed("writing the shadow calendar", reason: "\(error)", counting: .calendarWriteFailed, in: ghost, at: now)
        }
    }

    private func learn(_ changes: [BlockChange], now: Date) async throws {
        for change in changes {
            let current = await ghost.current
            if try await holds.userChanged(change, calendar: current.calendar, now: now) { continue }
            guard (identities[change.blockID]?.uid ?? change.uid) == change.uid, let event = Self.event(for: change, in: current) else {
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

    /// The blocks to write now, explained by their receipts, each under the identity the store settles for it.
    private func publication(now: Date) async throws -> [VigorBlock] {
        let emergencies = await ghost.emergencies(endingAfter: now.addingTimeInterval(-Self.history))
        let drafts = CalendarContent.blocks(
            await ghost.current, emergencies: emergencies, receipts: try explainingReceipts(now: now), style: style, now: now)
            + (await holds.drafts(now: now))
        let hashes = Dictionary(drafts.map { ($0.id, style.contentHash(of: $0)) }, uniquingKeysWith: { first, _ in first })
        try settle(hashes, at: Date(timeIntervalSince1970: now.timeIntervalSince1970.rounded(.down)))
        return drafts.compactMap { draft in
            guard let item = identities[draft.id] else { return nil }
            var block = draft
            block.identity = CalendarIdentity(uid: item.uid, sequence: item.sequence, created: item.createdAt, lastModified: item.modifiedAt)
            return block
        }
    }

    /// Settles the items' identities in the store; when it cannot save (a full disk), the calendar is still written,
    /// under identities kept in memory until the store takes them.
    private func settle(_ hashes: [String: String], at now: Date) throws {
        do {
            identities = try database.settleCalendarItems(
                hashes, existingUIDs: try writer.writtenUIDs(), written: unsaved ? identities : [:], at: now)
            unsaved = false
            failures.succeeded("saving the calendar's UIDs")
        } catch let error as StoreError {
            failures.failed("saving the calendar's UIDs", reason: error.description)
            identities = CalendarItem.settle(identities, contentHashes: hashes, at: now)
            unsaved = true
        }
    }

    /// The receipts that can explain the blocks in the calendar; one that cannot be read is left out (and logged).
    private func explainingReceipts(now: Date) throws -> [DecisionReceipt] {
        let stored = try database.receipts(since: now.addingTimeInterval(-Self.explainedSince), actions: BlockDescription.actions.map(\.rawValue))
        var receipts: [DecisionReceipt] = []
        var unreadable: [String] = []
        for receipt in stored {
            do {
                receipts.append(try JSONDecoder().decode(DecisionReceipt.self, from: receipt.body))
            } catch {
                unreadable.append(receipt.id)
            }
        }
        if unreadable.isEmpty {
            failures.succeeded("reading the receipts that explain the blocks")
        } else {
            failures.failed("reading the receipts that explain the blocks", reason: "unreadable receipts \(unreadable.joined(separator: ", "))")
        }
        return receipts
    }
}
