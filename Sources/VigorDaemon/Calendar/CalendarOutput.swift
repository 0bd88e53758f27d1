import ICalendarKit
import Foundation
import GhostEngine
import Logging
import Store
import Synchronization
import VigorConfig

/// vigord's own calendar: the `vigor` vdir collection, and the shadow collection when `[calendar.shadow]` asks for
/// one. It publishes the desired set (the Ghost's written blocks, proposals and recovery time) through the Calendar
/// module's writers, which touch only vigord's files, write atomically and leave the user's edits alone; every item
/// keeps the UIDs and revision the store settles for it. It finds the user's deletions and moves, which the backend
/// hands to the Ghost (safety breaker, learning). One writer, one actor; only `GhostBackend` asks it to write.
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
    /// The blocks written last, for the shadow calendar.
    private var lastPublished: [VigorBlock]?
    /// Whether vigord's calendar is in step with the Ghost. Behind a lock, so `status` reads it without waiting
    /// for a write in progress.
    private let writeHealth = Mutex(WriteHealth())
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

    /// Makes the collection show the Ghost's blocks and the recovery times. The report lists the edits the user made
    /// since the last pass: the backend hands them to the Ghost, then has the shadow calendar follow (`writeShadow`).
    @discardableResult
    public func write(now: Date) async throws -> WriteReport {
        do {
            let published = try await publication(now: now)
            let report = try writer.reconcile(.loaded(published))
            lastPublished = published
            failures.succeeded("writing vigord's calendar")
            writeHealth.withLock { $0.failure = nil }
            return report
        } catch {
            let reason = Self.reason(error)
            let began = failures.failed("writing vigord's calendar", reason: reason)
            writeHealth.withLock { $0.failed(reason: reason, at: now) }
            // What was decided is saved; the calendar is written again on the next change or tick (`owesWrite`).
            throw CalendarPublishError(cause: error, beganFailing: began)
        }
    }

    /// Why a write failed, the same for every file of one cause (a read-only folder fails each block's file): the
    /// folder and the system's reason, so the log tells a failure once, not once per block.
    static func reason(_ error: any Error) -> String {
        guard case CalendarError.writeFailed(let path, let why) = error else { return "\(error)" }
        let folder = path.hasSuffix(".ics") ? (path as NSString).deletingLastPathComponent : path
        return "\(folder): write failed: \(why)"
    }

    /// Whether the last write failed: the calendar is owed a write, as soon as the folder is writable again (a write
    /// that still fails stays owed, and is logged once, as it began).
    public nonisolated var owesWrite: Bool { writeHealth.withLock { $0.failure != nil } }

    /// Whether vigord's calendar is in step with the Ghost, for `status`.
    public nonisolated func writeStatus() -> FailureEpisodeState {
        writeHealth.withLock { health in
            FailureEpisodeState(failingSince: health.failure?.since, reason: health.failure?.reason, failedEpisodes: health.episodes)
        }
    }

    /// The user's edits of the collection since the last pass (at start, and when the folder changes).
    public func detectEdits() throws -> [BlockChange] {
        try writer.detectEdits()
    }

    /// Whether `change` is of the item as vigord wrote it last (the same UID), so the Ghost may learn from it.
    func wroteItem(of change: BlockChange) -> Bool {
        (identities[change.blockID]?.uid ?? change.uid) == change.uid
    }

    /// Writes the shadow calendar after a pass: from the blocks written last, or, when the Ghost changed since (it
    /// learned the user's edits), from the Ghost as it stands. True when this write began an episode of failures.
    @discardableResult
    public func writeShadow(now: Date, ghostChanged: Bool) async throws -> Bool {
        guard shadow != nil else { return false }
        if !ghostChanged, let lastPublished {
            return writeShadow(lastPublished, now: now)
        } else {
            return writeShadow(try await publication(now: now), now: now)
        }
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
    /// it does not undo what vigord's own calendar shows. True when this write began an episode of failures.
    private func writeShadow(_ published: [VigorBlock], now: Date) -> Bool {
        guard let shadow, let summary = style.shadowSummary else { return false }
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
            return false
        } catch {
            return failures.failed("writing the shadow calendar", reason: "\(error)")
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
            failures.failed("saving the calendar's UIDs", error: error)
            identities = CalendarItem.settle(identities, contentHashes: hashes, at: now)
            unsaved = true
        }
    }

    /// The receipts that can explain the blocks in the calendar; one that cannot be read is left out (and logged).
    private func explainingReceipts(now: Date) throws -> [DecisionReceipt] {
        let stored = try database.receipts(since: now.addingTimeInterval(-Self.explainedSince), actions: BlockDescription.actions.map(\.rawValue))
        var receipts: [DecisionReceipt] = []
        var unreadable: [StoreError] = []
        for receipt in stored {
            do throws(StoreError) {
                receipts.append(try receipt.value(as: DecisionReceipt.self))
            } catch {
                unreadable.append(error)
            }
        }
        if unreadable.isEmpty {
            failures.succeeded("reading the receipts that explain the blocks")
        } else {
            failures.failed(
                "reading the receipts that explain the blocks", reason: unreadable.map(\.description).joined(separator: "; "))
        }
        return receipts
    }
}

/// Why the last write of vigord's calendar failed and since when (nil: in step with the Ghost), and how many times
/// writing began to fail since vigord started.
struct WriteHealth: Sendable {
    var failure: (reason: String, since: Date)?
    var episodes = 0

    mutating func failed(reason: String, at now: Date) {
        if failure == nil { episodes += 1 }
        failure = (reason: reason, since: failure?.since ?? now)
    }
}
