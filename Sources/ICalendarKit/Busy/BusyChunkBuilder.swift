import CivilCalendar
import Foundation

/// Builds `BusyChunk`s: expands every loaded file over the missing chunks (files in parallel),
/// applies each source's busy rules and numbers the causes.
enum BusyChunkBuilder {
    /// One loaded file with the source it belongs to.
    struct FileInput: Sendable {
        var path: String
        var index: FileOccurrenceIndex
        var source: String
        var rules: BusyRules
    }

    static func build(chunks numbers: [Int], files: [FileInput], converter: InstantConverter,
                      loop: any ParallelLoop, causes: inout CauseTable) -> [Int: BusyChunk] {
        let length = FileOccurrenceIndex.chunkSeconds
        let expansions = loop.map(count: files.count) { fileNumber in
            numbers.map { number in
                files[fileNumber].index.rankedOccurrences(from: number * length, to: (number + 1) * length,
                                                          expander: RecurrenceExpander(converter: converter))
            }
        }
        var built: [Int: BusyChunk] = [:]
        for (position, number) in numbers.enumerated() {
            var blocks: [BusyChunk.Block] = []
            var issuesByFile: [[String]] = []
            for (fileNumber, file) in files.enumerated() {
                let expanded = expansions[fileNumber][position]
                issuesByFile.append(expanded.issues.map { "\(file.path): \($0)" })
                for (sequence, item) in expanded.items.enumerated() where file.rules.isBusy(item.occurrence) {
                    let cause = causes.number(of: BusyCause(source: file.source, summary: item.occurrence.summary))
                    blocks.append(BusyChunk.Block(start: item.occurrence.start, end: item.occurrence.end,
                                                  file: Int32(fileNumber), cause: cause, rank: item.rank, sequence: sequence))
                }
            }
            blocks.sort { ($0.start, $0.end, $0.file, $0.rank, $0.sequence) < ($1.start, $1.end, $1.file, $1.rank, $1.sequence) }
            built[number] = BusyChunk(blocks: blocks, issuesByFile: issuesByFile)
        }
        return built
    }
}
