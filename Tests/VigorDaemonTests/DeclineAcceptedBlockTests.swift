import Foundation
import GhostEngine
import CivilCalendar
import GhostScheduling
import Testing
import VigorRPC

@testable import VigorDaemon

@Test(.removesScratchFolders) func decliningABlockTheWeeksYesBookedTakesTheYesBackAndReleasesItsDay() async throws {
    let week = try await SchedulerWeek.sunday()
    _ = week.at(4)
    _ = try await routerResult(PlanHoldMethod.self, #"{"day":"week"}"#, week.context)
    // Tuesday's evening writes Wednesday 07:00 without a question: the week's yes accepted it.
    _ = try await week.context.backend.runCycle(.evening, now: week.at(2 * 24 * 60 + 60), zone: week.berlin)
    let wednesday = LocalDay(year: 2026, month: 11, day: 25)
    let booked = try #require(await week.context.ghost.current.blocks.first { $0.day == wednesday && $0.status == .scheduled })

    _ = week.at(2 * 24 * 60 + 65)
    let response = try await routerCall(ProposalAnswerMethod.name, #"{"block":"\#(booked.id.rawValue)","accept":false}"#, week.context)
    #expect(response.error == nil, "\(String(describing: response.error))")
    #expect(await week.context.ghost.current.block(booked.id)?.status == .removed)
    let book = await week.context.output.holds.book
    #expect(book.consent.releasedDays.contains(booked.day))
    #expect(book.acceptance?.sessions.contains { $0.day == booked.day } == false, "no evening writes it again")
}

@Test(.removesScratchFolders) func decliningAnAcceptedBlockThatHasBegunIsRefusedInPlainWords() async throws {
    let week = try await SchedulerWeek.sunday()
    let monday = try #require(await week.context.ghost.current.blocks.first { $0.status == .scheduled })
    _ = week.at(11 * 60 + 10)  // Monday 07:10, the session under way
    let response = try await routerCall(ProposalAnswerMethod.name, #"{"block":"\#(monday.id.rawValue)","accept":false}"#, week.context)
    #expect(response.error?.message == "\(monday.id.rawValue) is a block you accepted, not a proposal waiting for your answer.")
    #expect(await week.context.ghost.current.block(monday.id)?.status == .scheduled)
}
