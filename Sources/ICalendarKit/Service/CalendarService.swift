import CivilCalendar
import Foundation
import Synchronization

/// The daemon's entry point to the calendars: loads every source (parsing changed files in
/// parallel, reusing unchanged ones) and answers busy-time queries over any window.
///
/// Thread-safe: calls are serialised on an internal mutex; libical work inside follows
/// `LibicalRuntime`'s rules.
public final class CalendarService: @unchecked Sendable {
    private let serial = Mutex(())
    private let sources: [CalendarSourceConfig]
    private let settings: CalendarSettings
    private let converter: InstantConverter
    private let loop: any ParallelLoop
    private var cache = ParsedFileCache()
    private let subscriptions: [String: SubscriptionFetcher]
    /// The last answer, reused while no file changed and the same window is asked again.
    private var lastAnswer: (window: [Int], source: String?, generation: Int, result: BusyResult)?
    /// Busy blocks per (selection, chunk), valid while `chunkGeneration == cache.generation`.
    private var chunkCache: [ChunkKey: BusyChunk] = [:]
    private var causeTable = CauseTable()
    private var chunkGeneration = -1
    /// Busy chunks built so far (for tests: a prepared window builds none when queried).
    private(set) var chunkBuilds = 0

    /// Fails only when `settings.timeZone` is not a zone the system zoneinfo knows. Files are parsed, expanded
    /// and downloaded side by side through `loop`.
    public init(
        sources: [CalendarSourceConfig], settings: CalendarSettings, loop: any ParallelLoop = SerialLoop()
    ) throws(CalendarError) {
        guard let zone = ZoneResolver.builtin(settings.timeZone) else {
            throw .unknownTimeZone(settings.timeZone)
        }
        self.sources = sources
        self.settings = settings
        self.converter = InstantConverter(floatingZone: zone)
        self.loop = loop
        var fetchers: [String: SubscriptionFetcher] = [:]
        for source in sources {
            if case .url(let url) = source.location {
                fetchers[source.name] = SubscriptionFetcher(name: source.name, url: url, settings: settings)
            }
        }
        subscriptions = fetchers
    }

    /// Downloads every http(s)/webcal source whose refresh interval has passed. Blocking (up
    /// to the download timeout); call it from a background task, not on the query path.
    /// Queries never wait for the network: until the first download (or a copy left by an
    /// earlier run) a subscription counts as failed and its days as unknown.
    public func refreshSubscriptions() {
        let fetchers = Array(subscriptions.values)
        _ = loop.map(count: fetchers.count) { index in fetchers[index].refreshIfDue() }
    }

    /// Merged busy intervals over [from, to), unknown local days and per-source status.
    /// `source` restricts the answer to one source by name.
    public func busy(from: Date, to: Date, source: String? = nil) throws(CalendarError) -> BusyResult {
        let selected = try select(source)
        return serial.withLock { _ in
            let loaded = load(selected)
            let lower = Int(from.timeIntervalSince1970.rounded(.down))
            let upper = Int(to.timeIntervalSince1970.rounded(.up))
            let hasSubscription = selected.contains { subscriptions[$0.name] != nil }
            if !hasSubscription, let last = lastAnswer, last.window == [lower, upper], last.source == source,
               last.generation == cache.generation {
                return last.result
            }
            let chunks = busyChunks(for: loaded, selection: source, from: lower, to: upper)
            var statuses: [SourceStatus] = []
            var anyFailed = false
            var fileNumber = 0
            for item in loaded {
                var status = item.status
                for _ in item.files {
                    var seen: Set<String> = []
                    for chunk in chunks where fileNumber < chunk.issuesByFile.count {
                        for issue in chunk.issuesByFile[fileNumber] where seen.insert(issue).inserted {
                            status.skipped.append(issue)
                        }
                    }
                    fileNumber += 1
                }
                anyFailed = anyFailed || !status.ok
                statuses.append(status)
            }
            let unknown = anyFailed ? localDays(from: lower, to: upper) : []
            let intervals = BusyTimeCalculator.merge(chunks: chunks.map(\.blocks), causes: causeTable.causes,
                                                     from: lower, to: upper)
            let result = BusyResult(intervals: intervals,
                                    unknownDays: unknown, sources: statuses)
            lastAnswer = ([lower, upper], source, cache.generation, result)
            return result
        }
    }

    /// Builds the busy chunks covering [from, to) for `source` (nil: all sources) so a later query there
    /// finds them ready; the daemon calls it in the background for tomorrow evening's week.
    /// Returns the number of chunks it built (0 for an unknown source or an empty window).
    @discardableResult
    public func prepare(from: Date, to: Date, source: String? = nil) -> Int {
        let selected: [CalendarSourceConfig]
        do {
            selected = try select(source)
        } catch {
            return 0  // nothing to prepare for a source that does not exist; a query for it reports the error
        }
        return serial.withLock { _ in
            let before = chunkBuilds
            _ = busyChunks(for: load(selected), selection: source,
                           from: Int(from.timeIntervalSince1970.rounded(.down)), to: Int(to.timeIntervalSince1970.rounded(.up)))
            return chunkBuilds - before
        }
    }

    /// Every occurrence overlapping [from, to) of every readable source, busy or not (all-day and
    /// transparent events included, cancelled ones left out), in source and file order. For the
    /// daemon's travel rules; a failed source contributes nothing here and is reported by `busy`.
    public func events(from: Date, to: Date) -> [ListedEvent] {
        return serial.withLock { _ in
            let lower = Int(from.timeIntervalSince1970.rounded(.down))
            let upper = Int(to.timeIntervalSince1970.rounded(.up))
            guard upper > lower else { return [] }
            let files = load(sources).flatMap { item in item.files.map { (source: item.config, file: $0) } }
            let converter = self.converter
            let expanded = loop.map(count: files.count) { number in
                files[number].file.occurrenceIndex.occurrences(from: lower, to: upper, expander: RecurrenceExpander(converter: converter))
            }
            return files.indices.flatMap { number -> [ListedEvent] in
                let source = files[number].source
                let rules = BusyRules(allDay: source.allDay, userAddresses: source.userAddresses)
                return expanded[number].occurrences
                    .filter { $0.status != "CANCELLED" }
                    .map { ListedEvent($0, source: source.name, isBusy: rules.isBusy($0)) }
            }
        }
    }

    /// The chunks covering [from, to), building the missing ones; all are dropped when any
    /// file changed (files that did not change keep their expansions in their own index).
    private func busyChunks(for loaded: [LoadedSource], selection: String?, from: Int, to: Int) -> [BusyChunk] {
        guard to > from else { return [] }
        if chunkGeneration != cache.generation {
            chunkCache = [:]
            causeTable = CauseTable()
            chunkGeneration = cache.generation
        }
        let numbers = Array(FileOccurrenceIndex.chunkNumber(of: from)...FileOccurrenceIndex.chunkNumber(of: to - 1))
        let missing = numbers.filter { chunkCache[ChunkKey(selection: selection, number: $0)] == nil }
        if !missing.isEmpty {
            let files = loaded.flatMap { item in
                let rules = BusyRules(allDay: item.config.allDay, userAddresses: item.config.userAddresses)
                return item.files.map {
                    BusyChunkBuilder.FileInput(path: $0.path, index: $0.occurrenceIndex, source: item.config.name, rules: rules)
                }
            }
            let built = BusyChunkBuilder.build(chunks: missing, files: files, converter: converter, loop: loop, causes: &causeTable)
            chunkBuilds += built.count
            for (number, chunk) in built {
                chunkCache[ChunkKey(selection: selection, number: number)] = chunk
            }
        }
        let answer = numbers.compactMap { chunkCache[ChunkKey(selection: selection, number: $0)] }
        // Only after taking the answer: a window longer than the cache still gets every chunk it covers.
        evictChunks(keeping: ChunkKey(selection: selection, number: numbers[0]))
        return answer
    }

    private struct ChunkKey: Hashable {
        var selection: String?
        var number: Int
    }

    private static let maxCachedChunks = 24

    private func evictChunks(keeping anchor: ChunkKey) {
        while chunkCache.count > Self.maxCachedChunks {
            let farthest = chunkCache.keys.max { key, other in
                distance(key, anchor) < distance(other, anchor)
            }
            guard let farthest else { return }
            chunkCache[farthest] = nil
        }
    }

    private func distance(_ key: ChunkKey, _ anchor: ChunkKey) -> Int {
        key.selection == anchor.selection ? abs(key.number - anchor.number) : Int.max
    }

    /// Each source's state after (re)loading changed files.
    public func sourceStatuses() -> [SourceStatus] {
        return serial.withLock { _ in
            return load(sources).map(\.status)
        }
    }

    /// Number of file parses so far (an unchanged source is not parsed again): when it moves, a file changed.
    public var parseCount: Int {
        return serial.withLock { _ in
            return cache.parseCount
        }
    }

    private func select(_ name: String?) throws(CalendarError) -> [CalendarSourceConfig] {
        guard let name else { return sources }
        let matching = sources.filter { $0.name == name }
        if matching.isEmpty { throw .unknownSource(name) }
        return matching
    }

    private struct LoadedSource {
        var config: CalendarSourceConfig
        var files: [ParsedFile]
        var status: SourceStatus
    }

    private func load(_ selected: [CalendarSourceConfig]) -> [LoadedSource] {
        var listings: [(config: CalendarSourceConfig, paths: [String], failure: CalendarError?, age: Int?)] = []
        for source in selected {
            if let fetcher = subscriptions[source.name] {
                let snapshot = fetcher.snapshot()
                listings.append((source, snapshot.path.map { [$0] } ?? [], snapshot.failure, snapshot.ageSeconds))
                continue
            }
            switch SourceFileLister.files(at: source.location) {
            case .success(let paths): listings.append((source, paths, nil, nil))
            case .failure(let error): listings.append((source, [], error, nil))
            }
        }
        let results = cache.results(for: listings.flatMap(\.paths), forgetOthers: selected.count == sources.count, loop: loop)
        return listings.map { listing in
            var files: [ParsedFile] = []
            var errors: [String] = listing.failure.map { [$0.description] } ?? []
            var skipped: [String] = []
            for path in listing.paths {
                switch results[path] {
                case .success(let parsed)?:
                    files.append(parsed)
                    skipped.append(contentsOf: parsed.issues.map(\.description))
                case .failure(let error)?:
                    errors.append(error.description)
                case nil:
                    errors.append("\(path): not loaded")
                }
            }
            let subscriptionServedStale = listing.failure != nil && !files.isEmpty
            let ok = errors.isEmpty || (subscriptionServedStale && errors.count == 1)
            let message = errors.isEmpty ? nil : errors.joined(separator: "; ")
            return LoadedSource(config: listing.config, files: files,
                                status: SourceStatus(name: listing.config.name, ok: ok, error: message,
                                                     ageSeconds: listing.age, skipped: skipped))
        }
    }

    /// Local dates (configured zone) touching [from, to).
    private func localDays(from: Int, to: Int) -> [LocalDay] {
        var day = converter.wallTime(ofInstant: from, in: .floating)
        day = day.startOfDay(isDate: false)
        var days: [LocalDay] = []
        while converter.instant(CalendarTime(wall: day, reference: .floating)) < to {
            days.append(day.localDay)
            day = day.addingDays(1)
        }
        return days
    }
}
