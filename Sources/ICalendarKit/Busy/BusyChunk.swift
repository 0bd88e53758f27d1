import CivilCalendar

/// The busy blocks of one fixed chunk of time (see `FileOccurrenceIndex.chunkSeconds`) from
/// the selected sources, with causes as numbers into a `CauseTable`; built once per chunk
/// while nothing changes, so any window over built chunks is answered without expanding.
struct BusyChunk {
    /// One busy occurrence; `file` (position among the loaded files, in source order), `rank`
    /// (its UID's first appearance in the file) and `sequence` reproduce the input order that
    /// decides the order of causes.
    struct Block {
        var start: Int
        var end: Int
        var file: Int32
        var cause: Int32
        var rank: Int
        var sequence: Int
    }

    /// Sorted by start, end and input order.
    var blocks: [Block]
    /// Expander problems per loaded file ("path: message"), each once.
    var issuesByFile: [[String]]
}

/// Numbers for (source, summary) causes, so merging compares integers instead of strings.
struct CauseTable {
    private(set) var causes: [BusyCause] = []
    private var numbers: [BusyCause: Int32] = [:]

    /// The number of `cause`, assigned on first sight.
    mutating func number(of cause: BusyCause) -> Int32 {
        if let known = numbers[cause] {
            return known
        }
        let number = Int32(causes.count)
        causes.append(cause)
        numbers[cause] = number
        return number
    }
}
