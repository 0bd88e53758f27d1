import Foundation
import TestPrograms
import Testing

@testable import ICalendarKit

@Suite(.removesScratchFolders) struct PreparedHorizonTests {
    let now = Date(timeIntervalSince1970: 1_782_327_600)  // 2026-06-24T19:00:00Z
    let week: TimeInterval = 7 * 86_400

    @Test func piecesCoverSixWeeksBackToTwentyWeeksAheadInWholeChunks() throws {
        let pieces = PreparedHorizon.pieces(around: now).sorted { $0.start < $1.start }
        let first = try #require(pieces.first), last = try #require(pieces.last)
        #expect(first.start <= now - 6 * week && first.end > now - 6 * week)
        #expect(last.end >= now + 20 * week && last.start < now + 20 * week)
        for (earlier, later) in zip(pieces, pieces.dropFirst()) {
            #expect(earlier.end == later.start)
        }
        #expect(pieces.allSatisfy { $0.duration == TimeInterval(FileOccurrenceIndex.chunkSeconds) })
        #expect(pieces.allSatisfy {
            Int($0.start.timeIntervalSince1970) % FileOccurrenceIndex.chunkSeconds == 0
        })
    }

    @Test func theChunkHoldingNowComesFirstThenTheNextOne() {
        let pieces = PreparedHorizon.pieces(around: now)
        #expect(pieces[0].contains(now))
        #expect(pieces[1].start == pieces[0].end)
        #expect(pieces[2].end == pieces[0].start)
    }
}
