import CivilCalendar
import Foundation
import GhostEngine
import GhostScheduling
import Testing

/// Re-planning decides on a picture alone.
private func ghostWithTuesdayBlock() throws -> (Ghost, ScheduledBlock) {
    var ghost = Ghost(startingAt: try Week.at(0, 0), timeZone: Week.berlin.timeZone)
    _ = try ghost.handle(.manualPhaseChange(to: .autoScheduler), now: try Week.at(0, 1))
    let candidate = BlockCandidate(start: try Week.at(1, 7), durationMinutes: 45, confidence: 0.9)
    _ = try ghost.handle(.placementRequested(candidate, alternatives: []), now: try Week.at(0, 21))
    return (ghost, try #require(ghost.blocks.first))
}

private func picture(_ ghost: Ghost, busy: [BusyInterval]) -> WeekPicture {
    WeekPicture(
        calendar: Week.berlin, today: Week.monday, firstDay: Week.monday, days: Replanning.pictureDays(rules: .standard),
        ghost: ghost, settings: PlanningSettings(training: Week.morningSettings), busy: busy)
}

@Test func aMeetingLandingOnABlockIsAConflictWithWhereMoveLaterPutsIt() throws {
    let (ghost, block) = try ghostWithTuesdayBlock()
    let meeting = BusyInterval(start: try Week.at(1, 7), end: try Week.at(1, 10), causes: [BusyCause(source: "work", summary: "Client visit")])
    let conflict = try #require(try Replanning.conflict(of: block, in: picture(ghost, busy: [meeting])))
    #expect(conflict.cause == "'Client visit' (work) now covers 07:00–10:00")
    #expect(conflict.target == (try Week.at(1, 10, 15)))
}

@Test func aBlockThatStillFitsIsNoConflict() throws {
    let (ghost, block) = try ghostWithTuesdayBlock()
    #expect(try Replanning.conflict(of: block, in: picture(ghost, busy: [try Week.busy(1, (12, 0), (13, 0))])) == nil)
}

@Test func onlyPlannedBlocksAheadWithinTheHorizonAreChecked() throws {
    let (ghost, block) = try ghostWithTuesdayBlock()
    #expect(try Replanning.blocksToCheck(ghost, today: Week.monday, calendar: Week.berlin, now: try Week.at(0, 22)) == [block])
    #expect(try Replanning.blocksToCheck(ghost, today: Week.monday.adding(days: 1), calendar: Week.berlin, now: try Week.at(1, 8)).isEmpty)
}
