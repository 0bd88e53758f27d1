import Foundation
import Synchronization

/// The occurrences of one parsed file, prepared once and reused for every window while the
/// file is unchanged, so a query over a new window does not revisit every event.
///
/// * Single events (one VEVENT per UID: no RRULE, RDATE, EXDATE or RECURRENCE-ID) are
///   converted to UTC once and kept sorted by start; a window is found by binary search.
/// * Every other UID group goes through `RecurrenceExpander` one fixed chunk of time at a
///   time; each chunk's occurrences are cached, so only windows reaching new chunks expand,
///   and each RRULE's iterator is kept (`RuleCursorCache`) so a new chunk continues it.
///
/// Thread-safe (one internal mutex); indexes of different files work in parallel.
final class FileOccurrenceIndex: @unchecked Sendable {
    /// Length of one expansion chunk (chunks are aligned to 1970-01-01T00:00Z).
    static let chunkSeconds = 28 * 86_400
    /// Cached chunks kept per file; the ones farthest from the latest query go first.
    static let maxCachedChunks = 12

    /// One kept occurrence: its instants, the VEVENT it comes from (position in `events`) and its
    /// UID's rank (first appearance in the file). 24 bytes; the event's own properties are read
    /// from `events` when the occurrence is handed out.
    private struct Kept {
        var start: Int
        var end: Int
        var record: Int32
        var rank: Int32

        /// `end`, or `start + 1` for a zero-length occurrence (which overlaps [from, to) when
        /// from ≤ start < to), so overlap reads uniformly as start < to && reach > from.
        var reach: Int { max(end, start + 1) }
    }

    private struct Chunk {
        var occurrences: [Kept]
        var issues: [String]
    }

    /// The file's events in file order, each knowing its position (`EventRecord.positionInFile`).
    let events: [EventRecord]
    /// Filled by `prepare`: positions in `events` of single events, the grouped events, and
    /// each event's UID rank (first appearance of its UID in the file).
    private var singlePositions: [Int] = []
    private var groupedEvents: [EventRecord] = []
    private var ranks: [Int32] = []
    /// Single events in UTC, sorted by start; `prefixReach[i]` is the largest reach of 0…i.
    private var spans: [Kept] = []
    private var prefixReach: [Int] = []
    /// The floating zone the cached instants were computed with (nil: nothing cached yet).
    private var preparedFor: ObjectIdentifier?
    private var chunks: [Int: Chunk] = [:]
    private let ruleCursors = RuleCursorCache()
    /// Serialises queries of this file: they fill the caches above.
    private let serial = Mutex(())

    /// Keeps one file's events; the work happens on the first query (in the query's parallel part).
    init(events: [EventRecord]) {
        let numberedInOrder = events.indices.allSatisfy { events[$0].positionInFile == Int32($0) }
        if numberedInOrder {
            self.events = events  // as the parser gives them: no copy
        } else {
            var numbered = events
            for position in numbered.indices {
                numbered[position].positionInFile = Int32(position)
            }
            self.events = numbered
        }
    }

    /// Occurrences overlapping [from, to) (a zero-length one when from ≤ start < to) in the
    /// order of their UIDs' first appearance in the file (an occurrence spanning two chunks may
    /// appear twice), plus the expander's problems (each once).
    func occurrences(from: Int, to: Int, expander: RecurrenceExpander) -> (occurrences: [EventOccurrence], issues: [String]) {
        let ranked = rankedOccurrences(from: from, to: to, expander: expander)
        return (Self.inFileOrder(ranked.items), ranked.issues)
    }

    /// As `occurrences`, unordered, each with its UID's rank (first appearance in the file).
    func rankedOccurrences(from: Int, to: Int, expander: RecurrenceExpander)
        -> (items: [(rank: Int, occurrence: EventOccurrence)], issues: [String]) {
        return serial.withLock { _ in
            var expander = expander
            expander.ruleCursors = ruleCursors
            prepare(expander)
            var result: [(rank: Int, occurrence: EventOccurrence)] = []
            let upper = firstIndex(in: spans.count) { spans[$0].start >= to }
            var index = firstIndex(in: upper) { prefixReach[$0] > from }
            while index < upper {
                if spans[index].reach > from {
                    result.append(handOut(spans[index]))
                }
                index += 1
            }
            var issues: [String] = []
            var seenIssues: Set<String> = []
            guard !groupedEvents.isEmpty, to > from else { return (result, issues) }
            let firstChunk = Self.chunkNumber(of: from)
            let lastChunk = Self.chunkNumber(of: to - 1)
            for number in firstChunk...lastChunk {
                let chunk = self.chunk(number, expander: expander)
                for item in chunk.occurrences where item.start < to && item.reach > from {
                    result.append(handOut(item))
                }
                for issue in chunk.issues where seenIssues.insert(issue).inserted {
                    issues.append(issue)
                }
            }
            evictChunks(around: firstChunk)
            return (result, issues)
        }
    }

    /// The full occurrence of a kept one, with its event's properties.
    private func handOut(_ kept: Kept) -> (rank: Int, occurrence: EventOccurrence) {
        (Int(kept.rank), EventOccurrence(of: events[Int(kept.record)], start: kept.start, end: kept.end))
    }

    private static func inFileOrder(_ items: [(rank: Int, occurrence: EventOccurrence)]) -> [EventOccurrence] {
        let order = items.indices.sorted { (items[$0].rank, $0) < (items[$1].rank, $1) }
        return order.map { items[$0].occurrence }
    }

    private func prepare(_ expander: RecurrenceExpander) {
        let zone = ObjectIdentifier(expander.converter.floatingZone)
        guard preparedFor != zone else { return }
        preparedFor = zone
        chunks = [:]
        ruleCursors.removeAll()
        if ranks.count != events.count {
            sortEvents()
        }
        spans = singlePositions.map { position in
            let event = events[position]
            let occurrence = expander.singleOccurrence(of: event)
            return Kept(start: occurrence.start, end: occurrence.end, record: event.positionInFile,
                        rank: ranks[position])
        }
        spans.sort { $0.start < $1.start }
        prefixReach = []
        prefixReach.reserveCapacity(spans.count)
        var reach = Int.min
        for span in spans {
            reach = max(reach, span.reach)
            prefixReach.append(reach)
        }
    }

    /// Single events (one VEVENT per UID: no RRULE, RDATE, EXDATE or RECURRENCE-ID) apart from
    /// the groups that need the expander.
    private func sortEvents() {
        var uids: [String: (rank: Int32, count: Int)] = [:]
        uids.reserveCapacity(events.count)
        for event in events {
            let nextRank = Int32(uids.count)
            uids[event.uid, default: (rank: nextRank, count: 0)].count += 1
        }
        ranks = events.map { uids[$0.uid]?.rank ?? 0 }
        for (position, event) in events.enumerated() {
            let isSingle = uids[event.uid]?.count == 1 && event.recurrenceID == nil && event.recurrenceRules.isEmpty
                && event.recurrenceDates.isEmpty && event.exceptionDates.isEmpty
            if isSingle {
                singlePositions.append(position)
            } else {
                groupedEvents.append(event)
            }
        }
    }

    private func chunk(_ number: Int, expander: RecurrenceExpander) -> Chunk {
        if let cached = chunks[number] {
            return cached
        }
        let start = number * Self.chunkSeconds
        let expanded = expander.occurrences(of: groupedEvents, from: start, to: start + Self.chunkSeconds)
        let kept = expanded.occurrences.map {
            Kept(start: $0.start, end: $0.end, record: $0.record, rank: ranks[Int($0.record)])
        }
        let chunk = Chunk(occurrences: kept, issues: expanded.issues)
        chunks[number] = chunk
        return chunk
    }

    private func evictChunks(around number: Int) {
        while chunks.count > Self.maxCachedChunks {
            guard let farthest = chunks.keys.max(by: { abs($0 - number) < abs($1 - number) }) else { return }
            chunks[farthest] = nil
        }
    }

    /// The chunk holding the instant `seconds`.
    static func chunkNumber(of seconds: Int) -> Int {
        seconds >= 0 ? seconds / chunkSeconds : -((-seconds + chunkSeconds - 1) / chunkSeconds)
    }

    /// The first index in 0..<count where `isPast` holds, given it holds for a suffix.
    private func firstIndex(in count: Int, where isPast: (Int) -> Bool) -> Int {
        var low = 0
        var high = count
        while low < high {
            let middle = (low + high) / 2
            if isPast(middle) {
                high = middle
            } else {
                low = middle + 1
            }
        }
        return low
    }
}
