import Foundation
import GhostEngine
import TestPrograms
import Testing
import VigorRPC

@testable import VigorDaemon

/// `blocks.list` without an end covers today and the next 6 days, midnight to midnight in the user's zone, and says
/// which window it covered.
@Suite(.removesScratchFolders) struct BlocksWindowTests {
    /// Sunday 2026-11-22 11:00 Berlin.
    private let now = Date(timeIntervalSince1970: 1_795_341_600)

    @Test func theDefaultWindowIsTodayAndTheNextSixDaysAndNotAnEighth() async throws {
        let context = try berlinContext(now: now)
        _ = try await routerCall("trust.set", #"{"phase":"autoScheduler"}"#, context)
        var written: [String] = []
        for days in [6, 7] {  // Saturday 2026-11-28 and Sunday 2026-11-29, 07:00
            let start = now.addingTimeInterval(Double(days) * 86_400 - 4 * 3600)
            let effects = try await context.ghost.perform(
                .placementRequested(BlockCandidate(start: start, durationMinutes: 45, confidence: 1), alternatives: []), at: now)
            for case .writeBlock(let block) in effects { written.append(block.id.rawValue) }
        }
        #expect(written.count == 2)
        let listed = try await routerResult(BlocksListMethod.self, "{}", context)
        #expect(listed.from.description == "2026-11-22T00:00:00+01:00")
        #expect(listed.to.description == "2026-11-29T00:00:00+01:00")
        #expect(listed.blocks.map(\.id) == Array(written.prefix(1)), "the seventh day after today is the next week's")
    }

    @Test func aWeekOverTheSpringChangeOfTheClocksEndsAtTheSeventhMidnightNotAnHourIntoTheEighthDay() async throws {
        let context = try berlinContext(now: now)
        let listed = try await routerResult(BlocksListMethod.self, #"{"from":"2027-03-22"}"#, context)
        #expect(listed.from.description == "2027-03-22T00:00:00+01:00")
        #expect(listed.to.description == "2027-03-29T00:00:00+02:00")
    }
}
