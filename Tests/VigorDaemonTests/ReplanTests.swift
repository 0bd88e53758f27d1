import Foundation
import GhostEngine
import Logging
import TestPrograms
import Testing
import VigorRPC

@testable import VigorDaemon
private let now = replanNow
private let blockStart = replanBlockStart

private let boardMeeting = [("Board meeting", "20261123T060000Z", "20261123T070000Z")]

@Test(.removesScratchFolders) func aMeetingLandingOnAnAutoSchedulersBlockMovesItLaterThatDayAndTheCalendarFollows() async throws {
    let week = try await ReplanWeek(phase: .autoScheduler)
    let id = try await week.place(at: blockStart)
    #expect(try await week.replan() == 0)
    try week.save(boardMeeting)
    #expect(try await week.replan() == 1)
    let moved = try #require(await week.block(id))
    #expect(moved.start > blockStart.addingTimeInterval(3600))
    #expect(Calendar(identifier: .gregorian).dateComponents(in: TimeZone(identifier: "Europe/Berlin")!, from: moved.start).day == 23)
    let file = try calendarFile(week.context, item: id.rawValue)
    let written = try String(contentsOfFile: file, encoding: .utf8)
    #expect(!written.contains("DTSTART:20261123T060000Z"))
    let receipt = try #require(try await week.receipts().first { $0.action == "moved" })
    // Later the same day: the target is written without its weekday.
    #expect(receipt.reason.hasPrefix("Moved Mon 07:00 → ") && receipt.reason.dropFirst("Moved Mon 07:00 → ".count).first?.isNumber == true)
    #expect(receipt.reason.hasSuffix(": 'Board meeting' (work) now covers 07:00–08:00."))
}

@Test(.removesScratchFolders) func aMeetingLandingOnAnAcceptedBlockInSchedulerRaisesAMoveProposalTheUserCanAccept() async throws {
    let week = try await ReplanWeek(phase: .scheduler)
    let id = try await week.place(at: blockStart)
    _ = try await routerResult(ProposalAnswerMethod.self, #"{"block":"\#(id.rawValue)","accept":true}"#, week.context)
    try week.save(boardMeeting)
    #expect(try await week.replan() == 1)
    #expect(await week.block(id)?.start == blockStart)
    let status = try await routerResult(StatusMethod.self, "{}", week.context)
    let proposal = try #require(status.plan.proposals.first { $0.id == id.rawValue })
    let target = try #require(proposal.proposedMove)
    _ = try await routerResult(ProposalAnswerMethod.self, #"{"block":"\#(id.rawValue)","accept":true}"#, week.context)
    #expect(await week.block(id)?.start == target.date)
    #expect(await week.block(id)?.proposedMove == nil)
}

@Test(.removesScratchFolders) func anObserverOnlyRecordsTheConflict() async throws {
    let week = try await ReplanWeek(phase: .autoScheduler)
    let id = try await week.place(at: blockStart)
    _ = try await week.context.ghost.perform(.manualPhaseChange(to: .observer), at: now)
    try week.save(boardMeeting)
    #expect(try await week.replan() == 1)
    #expect(await week.block(id)?.start == blockStart)
    #expect(try await week.receipts().first?.action == "conflictNoted")
}

@Test(.removesScratchFolders) func aBlockWithNoRoomLeftInTheWeekIsRemovedFromTheCalendar() async throws {
    let week = try await ReplanWeek(phase: .autoScheduler)
    let id = try await week.place(at: blockStart)
    let file = try calendarFile(week.context, item: id.rawValue)
    #expect(FileManager.default.fileExists(atPath: file))
    // Busy from Monday 06:00 Berlin for three weeks: nowhere to go.
    try week.save([("Conference", "20261123T050000Z", "20261214T050000Z")])
    #expect(try await week.replan() == 1)
    #expect(await week.block(id)?.status == .removed)
    #expect(!FileManager.default.fileExists(atPath: file))
}

@Test(.removesScratchFolders) func aBlockTheUserMovedIsNeverMovedByAReplan() async throws {
    let week = try await ReplanWeek(phase: .autoScheduler)
    let id = try await week.place(at: blockStart)
    _ = try await week.context.ghost.perform(.autoBlockMoved(id, to: blockStart.addingTimeInterval(1800)), at: now)
    try week.save(boardMeeting)
    #expect(try await week.replan() == 1)
    #expect(await week.block(id)?.start == blockStart.addingTimeInterval(1800))
    let noted = try #require(try await week.receipts().first)
    #expect(noted.action == "conflictNoted")
    #expect(noted.reason.hasPrefix("Left Mon 07:30 where you put it"))
}

@Test(.removesScratchFolders) func aMoveAcrossTheDaylightSavingChangeKeepsLocalTime() async throws {
    // Saturday 2027-03-27 11:00 Berlin (+01:00); the block goes on Sunday 2027-03-28, the 23-hour day, 10:00 (+02:00).
    let before = Date(timeIntervalSince1970: 1_806_141_600)
    let week = try await ReplanWeek(phase: .autoScheduler)
    let sunday10 = Date(timeIntervalSince1970: 1_806_220_800)  // 2027-03-28 08:00Z = 10:00 CEST
    let id = try await week.place(at: sunday10)
    try week.save([("Brunch", "20270328T073000Z", "20270328T090000Z")])
    #expect(try await week.replan(at: before) == 1)
    let moved = try #require(await week.block(id))
    let berlin = TimeZone(identifier: "Europe/Berlin")!
    let local = Calendar(identifier: .gregorian).dateComponents(in: berlin, from: moved.start)
    #expect(local.day == 28 && local.minute.map { $0 % 15 == 0 } == true)
    #expect(moved.start >= Date(timeIntervalSince1970: 1_806_224_400))  // at or after 11:00 CEST, past the brunch
    #expect(berlin.secondsFromGMT(for: moved.start) == 7200)
}

@Test(.removesScratchFolders) func aProposalShowsInTheCalendarAsTentativeAndBecomesTheBlockWhenAccepted() async throws {
    let week = try await ReplanWeek(phase: .scheduler)
    let id = try await week.place(at: blockStart)
    #expect(await week.block(id)?.status == .proposed)
    let file = try calendarFile(week.context, item: id.rawValue)
    let proposed = try String(contentsOfFile: file, encoding: .utf8)
    #expect(proposed.contains("STATUS:TENTATIVE\r\n") && proposed.contains("TRANSP:TRANSPARENT\r\n"))
    #expect(proposed.contains("SUMMARY:Proposed: Training\r\n"))
    #expect(proposed.replacingOccurrences(of: "\r\n ", with: "").contains("vigorctl accept \(id.rawValue)"))

    _ = try await week.context.ghost.perform(.proposalAnswered(id, accepted: true), at: now)
    try await week.context.backend.publish(at: now)
    let accepted = try String(contentsOfFile: file, encoding: .utf8)
    #expect(accepted.contains("STATUS:CONFIRMED\r\n") && accepted.contains("TRANSP:OPAQUE\r\n"))
}

@Test(.removesScratchFolders) func aDeclinedProposalLeavesTheCalendarAndDeletingOneIsNoDeletionOfABlock() async throws {
    let week = try await ReplanWeek(phase: .scheduler)
    let id = try await week.place(at: blockStart)
    let file = try calendarFile(week.context, item: id.rawValue)
    try FileManager.default.removeItem(atPath: file)
    _ = try await week.context.backend.learnCalendarEdits(at: now)
    #expect(await week.block(id)?.status == .proposed)
    #expect(await week.context.ghost.current.breaker.consecutiveDeletions == 0)

    let other = try await week.place(at: blockStart.addingTimeInterval(86_400))
    let otherFile = try calendarFile(week.context, item: other.rawValue)
    #expect(FileManager.default.fileExists(atPath: otherFile))
    _ = try await week.context.ghost.perform(.proposalAnswered(other, accepted: false), at: now)
    try await week.context.backend.publish(at: now)
    #expect(!FileManager.default.fileExists(atPath: otherFile))
}

@Test(.removesScratchFolders) func aMoveProposalShowsAtItsNewTimeAsTentative() async throws {
    let week = try await ReplanWeek(phase: .scheduler)
    let id = try await week.place(at: blockStart)
    _ = try await week.context.ghost.perform(.proposalAnswered(id, accepted: true), at: now)
    try week.save(boardMeeting)
    #expect(try await week.replan() == 1)
    let target = try #require(await week.block(id)?.proposedMove)
    try await week.context.backend.publish(at: now)
    let move = try String(contentsOfFile: try calendarFile(week.context, item: id.rawValue + "-move"), encoding: .utf8)
    #expect(move.contains("STATUS:TENTATIVE\r\n") && move.contains("TRANSP:TRANSPARENT\r\n"))
    #expect(move.contains("DTSTART:\(BlockStamp.utc(target))\r\n"))
}

/// 20261123T070000Z, as the calendar writes instants.
private enum BlockStamp {
    static func utc(_ date: Date) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "yyyyMMdd'T'HHmmss'Z'"
        return formatter.string(from: date)
    }
}

/// A free (TRANSP:TRANSPARENT) family event at the block's time, weekly or once.
private func familySwim(weekly: Bool) -> String {
    ["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//test//EN", "BEGIN:VEVENT", "UID:swim@test", "DTSTAMP:20261101T000000Z",
     "SUMMARY:Swim with the kids", "CATEGORIES:FAMILY", "TRANSP:TRANSPARENT",
     "DTSTART:20261116T060000Z", "DTEND:20261116T070000Z"]
        .joined(separator: "\r\n") + (weekly ? "\r\nRRULE:FREQ=WEEKLY" : "") + "\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n"
}

@Test(.removesScratchFolders) func aRecurringEventInAProtectedCategoryIsSacredEvenWhenItIsMarkedFree() async throws {
    let week = try await ReplanWeek(phase: .autoScheduler)
    let id = try await week.place(at: blockStart)
    try familySwim(weekly: true).write(toFile: week.workFile, atomically: true, encoding: .utf8)
    #expect(try await week.replan() == 1)
    #expect(try #require(await week.block(id)).start > blockStart)
    let receipt = try #require(try await week.receipts().first { $0.action == "moved" })
    #expect(receipt.reason.hasSuffix(": a protected personal event keeps 07:00–08:00 free."))
}

@Test(.removesScratchFolders) func aOneOffFreeEventInAProtectedCategoryIsNoConflict() async throws {
    let week = try await ReplanWeek(phase: .autoScheduler)
    _ = try await week.place(at: blockStart)
    var oneOff = familySwim(weekly: false)
    oneOff = oneOff.replacingOccurrences(of: "20261116T06", with: "20261123T06").replacingOccurrences(of: "20261116T07", with: "20261123T07")
    try oneOff.write(toFile: week.workFile, atomically: true, encoding: .utf8)
    #expect(try await week.replan() == 0)
}
