import CivilCalendar
import Foundation

/// Busy intervals sorted and merged once, so "does this span touch busy time?" is a binary search.
/// Merging keeps the answer exact: half-open spans that touch or overlap become one.
struct BusyTimeline: Sendable {
    private var starts: [Date] = []
    private var ends: [Date] = []

    /// Keeps only intervals that touch `[from, to)`, so a year of calendar history costs one linear pass and
    /// only the planned days are sorted.
    init(_ busy: [BusyInterval], within from: Date, _ to: Date) {
        var spans: [(start: Date, end: Date)] = []
        for interval in busy where interval.overlaps(from: from, to: to) {
            spans.append((interval.start, interval.end))
        }
        for span in spans.sorted(by: { $0.start < $1.start }) {
            if let last = ends.last, span.start <= last {
                ends[ends.count - 1] = max(last, span.end)
            } else {
                starts.append(span.start)
                ends.append(span.end)
            }
        }
    }

    /// True when `[from, to)` shares an instant with any busy interval.
    func overlaps(from: Date, to: Date) -> Bool {
        var low = 0
        var high = ends.count
        while low < high {
            let middle = (low + high) / 2
            if ends[middle] > from { high = middle } else { low = middle + 1 }
        }
        return low < starts.count && starts[low] < to
    }
}
