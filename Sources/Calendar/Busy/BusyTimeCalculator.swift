import Foundation

/// Merges busy occurrences from all sources into disjoint intervals clipped to the window.
enum BusyTimeCalculator {
    /// An occurrence that passed the busy rules, tagged with its source.
    struct Block {
        var start: Int
        var end: Int
        var cause: BusyCause
    }

    /// Overlapping or touching blocks become one interval carrying every distinct cause.
    static func merge(_ blocks: [Block], from: Int, to: Int) -> [BusyInterval] {
        let clipped = blocks.compactMap { block -> Block? in
            let start = max(block.start, from)
            let end = min(block.end, to)
            return end > start ? Block(start: start, end: end, cause: block.cause) : nil
        }.sorted { ($0.start, $0.end) < ($1.start, $1.end) }
        var merged: [(start: Int, end: Int, causes: [BusyCause])] = []
        for block in clipped {
            if let last = merged.last, block.start <= last.end {
                merged[merged.count - 1].end = max(last.end, block.end)
                if !last.causes.contains(block.cause) {
                    merged[merged.count - 1].causes.append(block.cause)
                }
            } else {
                merged.append((block.start, block.end, [block.cause]))
            }
        }
        return merged.map {
            BusyInterval(start: Date(timeIntervalSince1970: TimeInterval($0.start)),
                         end: Date(timeIntervalSince1970: TimeInterval($0.end)), causes: $0.causes)
        }
    }
}
