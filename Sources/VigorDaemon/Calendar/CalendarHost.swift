import ICalendarKit
import Foundation
import Synchronization
import VigorConfig

/// Owns the calendar reader built from the configuration, rebuilds it when `[calendar]` or the
/// zone changes on reload, and runs its blocking work on `CalendarThreads`, off the async pool: queries and
/// preparation in one lane, subscription downloads in another, so a query never waits for the network.
public final class CalendarHost: Sendable {
    private struct Current {
        var service: CalendarService
        var signature: Signature
        var sources: [CalendarSourceEntry]
    }

    /// What a rebuild depends on.
    private struct Signature: Equatable {
        var section: DaemonConfig.CalendarSection
        var zone: String
    }

    private let current: Mutex<Current>
    /// The statuses of the last refresh and when it ran, so `status` never waits on parsing.
    private let lastRefresh = Mutex<(at: Date, statuses: [SourceStatus])?>(nil)
    private let cacheDirectory: String
    /// Parsing allocates in bursts: when the lane that parses goes idle after one, the freed memory goes back.
    private let trim: ParseBurstTrim
    /// Parsing, expansion and busy queries, one job at a time (tests hold it to keep a cycle waiting).
    let work: CalendarLane
    private let downloads = CalendarLane()
    /// Where a source that fails to read is logged once when it starts failing and once when it reads again, whoever
    /// read it (a cycle, a re-plan, a request, the refresh); nil: not logged here.
    private let failures: FailureLog?

    /// Builds the reader for `config`; subscriptions keep their last good copy under `stateDirectory`.
    public init(config: DaemonConfig, stateDirectory: String, failures: FailureLog? = nil) throws(DaemonError) {
        self.failures = failures
        cacheDirectory = stateDirectory + "/subscriptions"
        let signature = Signature(section: config.calendar, zone: config.schedule.zone.identifier)
        current = Mutex(
            Current(service: try Self.makeService(signature, cacheDirectory: cacheDirectory), signature: signature,
                    sources: config.calendar.sources))
        let trim = ParseBurstTrim()
        self.trim = trim
        work = CalendarLane(whenIdle: { trim.laneWentIdle() })
        trim.watch { [weak self] in self?.service.parseCount ?? 0 }
    }

    /// Rebuilds the reader when the calendar sources or the zone changed; true when it did.
    @discardableResult
    public func apply(_ config: DaemonConfig) throws(DaemonError) -> Bool {
        let signature = Signature(section: config.calendar, zone: config.schedule.zone.identifier)
        if current.withLock({ $0.signature == signature }) { return false }
        let service = try Self.makeService(signature, cacheDirectory: cacheDirectory)
        current.withLock { $0 = Current(service: service, signature: signature, sources: config.calendar.sources) }
        return true
    }

    /// Merged busy time over [from, to), optionally for one source.
    public func busy(from: Date, to: Date, source: String?) async throws -> BusyResult {
        let service = self.service
        let result = try await work.run { () throws(CalendarError) in try service.busy(from: from, to: to, source: source) }
        if let failures { CalendarRefreshService.report(result.sources, to: failures) }
        noteStatuses(result.sources)
        return result
    }

    /// Keeps what a query found about a source (a file that broke or was fixed since the last refresh), so `status`
    /// says the same as the log and `vigorctl sources` before the next refresh.
    private func noteStatuses(_ statuses: [SourceStatus]) {
        lastRefresh.withLock { last in
            guard var noted = last else { return }
            for status in statuses {
                if let index = noted.statuses.firstIndex(where: { $0.name == status.name }) { noted.statuses[index] = status }
            }
            last = noted
        }
    }

    /// Builds the busy time of [from, to) in the background and returns at once, so a later query there
    /// (tomorrow evening's week) finds it ready instead of expanding a new 28-day chunk while it waits.
    public func prepareInBackground(from: Date, to: Date) {
        let service = self.service
        work.submitInBackground { service.prepare(from: from, to: to) }
    }

    /// Has every chunk of `PreparedHorizon` around `now` built in the background, one chunk per job, so
    /// queries anywhere from six weeks back to twenty ahead answer warm and wait for at most one chunk.
    /// Chunks already built cost nothing; after a file changed, this rebuilds what the change dropped.
    public func keepHorizonPrepared(around now: Date) {
        let service = self.service
        for piece in PreparedHorizon.pieces(around: now) {
            work.submitInBackground { service.prepare(from: piece.start, to: piece.end) }
        }
    }

    /// Returns once the background work queued so far (the windows being prepared) has finished; for tests
    /// and benchmarks that stand in for the day between two evenings.
    public func backgroundWorkFinished() async {
        await work.drained()
    }

    /// The reader in use.
    var service: CalendarService { current.withLock { $0.service } }

    /// Every event occurrence in [from, to), busy or not, for the travel rules.
    public func events(from: Date, to: Date) async -> [ListedEvent] {
        let service = self.service
        return await work.run { service.events(from: from, to: to) }
    }

    /// Each source's configuration and state, in configuration order.
    public func sources() async -> [(entry: CalendarSourceEntry, status: SourceStatus)] {
        let (service, entries) = current.withLock { ($0.service, $0.sources) }
        let statuses = await work.run { service.sourceStatuses() }
        return entries.map { entry in
            (entry, statuses.first { $0.name == entry.name } ?? SourceStatus(name: entry.name, ok: false, error: "not loaded"))
        }
    }

    /// Downloads due subscriptions and parses changed files, so queries find everything warm. Returns each
    /// source's state and whether any file was read anew (a download brought new data, a file changed).
    @discardableResult
    public func refresh(now: Date = Date()) async -> (statuses: [SourceStatus], changed: Bool) {
        let service = self.service
        await downloads.run { service.refreshSubscriptions() }
        let (statuses, changed) = await work.run { () -> ([SourceStatus], Bool) in
            let before = service.parseCount
            let statuses = service.sourceStatuses()
            return (statuses, service.parseCount != before)
        }
        lastRefresh.withLock { $0 = (now, statuses) }
        return (statuses, changed)
    }

    /// Each configured source with how fresh its data is, from the last refresh (no parsing).
    public func freshness(at now: Date) -> [SourceAge] {
        let entries = current.withLock { $0.sources }
        let last = lastRefresh.withLock { $0 }
        return entries.map { entry in
            guard let last, let status = last.statuses.first(where: { $0.name == entry.name }) else {
                return SourceAge(name: entry.name, ok: false, ageSeconds: nil)
            }
            // A source that failed with no last good copy has no data whose age could be told.
            if !status.ok && status.ageSeconds == nil {
                return SourceAge(name: entry.name, ok: false, ageSeconds: nil)
            }
            return SourceAge(name: entry.name, ok: status.ok, ageSeconds: status.ageSeconds ?? max(0, Int(now.timeIntervalSince(last.at))))
        }
    }

    private static func makeService(_ signature: Signature, cacheDirectory: String) throws(DaemonError) -> CalendarService {
        let sources = signature.section.sources.map { entry in
            CalendarSourceConfig(
                name: entry.name, location: location(of: entry), allDay: entry.allDay,
                userAddresses: signature.section.addresses)
        }
        do {
            return try CalendarService(
                sources: sources, settings: CalendarSettings(timeZone: signature.zone, subscriptionCacheDirectory: cacheDirectory),
                loop: CalendarThreads.shared)
        } catch {
            throw .calendar(error.description)
        }
    }

    /// A path is a vdir when it is a folder, else a single file (a missing one fails as a file).
    static func location(of entry: CalendarSourceEntry) -> CalendarSourceConfig.Location {
        switch entry.location {
        case .url(let url): return .url(url)
        case .path(let path):
            var isFolder: ObjCBool = false
            return FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) && isFolder.boolValue ? .vdir(path) : .file(path)
        }
    }
}
