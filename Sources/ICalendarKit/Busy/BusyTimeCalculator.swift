import CivilCalendar
import Foundation

/// Merges busy occurrences from all sources into disjoint intervals clipped to the window.
enum BusyTimeCalculator {
    /// Blocks from `BusyChunk`s are clipped to the window and ordered by clipped start, clipped
    /// end, then input order (source, file, UID's first appearance, expander order); overlapping
    /// or touching blocks become one interval carrying every distinct cause in that order.
    /// A block listed in two chunks (it spans their boundary) changes nothing.
    static func merge(chunks: [[BusyChunk.Block]], causes: [BusyCause], from: Int, to: Int) -> [BusyInterval] {
        var clipped: [BusyChunk.Block] = []
        clipped.reserveCapacity(chunks.reduce(0) { $0 + $1.count })
        for list in chunks {
            for var block in list where block.start < to && block.end > from {
                block.start = max(block.start, from)
                block.end = min(block.end, to)
                clipped.append(block)
            }
        }
        clipped.sort { ($0.start, $0.end, $0.file, $0.rank, $0.sequence) < ($1.start, $1.end, $1.file, $1.rank, $1.sequence) }
        var lastInterval = Array(repeating: -1, count: causes.count)
        var merged: [(start: Int, end: Int, causes: [BusyCause])] = []
        for block in clipped {
            let cause = Int(block.cause)
            if let last = merged.last, block.start <= last.end {
                merged[merged.count - 1].end = max(last.end, block.end)
                if lastInterval[cause] != merged.count - 1 {
                    merged[merged.count - 1].causes.append(causes[cause])
                }
            } else {
                merged.append((block.start, block.end, [causes[cause]]))
            }
            lastInterval[cause] = merged.count - 1
        }
        return merged.map {
            BusyInterval(start: Date(timeIntervalSince1970: TimeInterval($0.start)),
                         end: Date(timeIntervalSince1970: TimeInterval($0.end)), causes: $0.causes)
        }
    }
}
