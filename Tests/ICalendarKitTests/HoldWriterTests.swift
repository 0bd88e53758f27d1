import Foundation
import TestPrograms
import Testing
@testable import ICalendarKit

/// Held time as the writer renders it: tentative, its own category and colour, no alarm, free until defended.
@Suite(.removesScratchFolders) struct HoldWriterTests {
    private func hold(defended: Bool) -> VigorBlock {
        VigorBlock.hold(
            id: "hold-2026-11-25", start: utc("2026-11-25T06:00Z"), durationMinutes: 45,
            why: "Why this slot: free at 07:00; in your preferred window.", defended: defended,
            defence: "72 hours before it starts", identity: CalendarIdentity(uid: workoutUID, created: utc("2026-11-23T20:00Z")))
    }

    @Test func aHoldIsTentativeInItsOwnCategoryAndColourWithoutAlarmAndFreeToOthersUntilDefended() throws {
        let sandbox = try WriterSandbox()
        defer { removeDirectory(sandbox.root) }
        _ = try sandbox.writer.reconcile(.loaded([hold(defended: false)]))
        let text = try sandbox.text(of: hold(defended: false))
        for line in ["STATUS:TENTATIVE", "TRANSP:TRANSPARENT", "CATEGORIES:Vigor,Training,Hold", "COLOR:mediumpurple",
                     "SUMMARY:Held: Training", "X-VIGOR-KIND:hold", "X-VIGOR-STATE:held", "DTSTART:20261125T060000Z",
                     "DTEND:20261125T064500Z"] {
            #expect(text.contains("\r\n" + line + "\r\n"), "\(line)")
        }
        #expect(!text.contains("BEGIN:VALARM"))
        let unfolded = text.replacingOccurrences(of: "\r\n ", with: "")
        #expect(unfolded.contains("DESCRIPTION:Held time: 45 minutes I expect to train here this week."))
        #expect(unfolded.contains("Why this slot: free at 07:00"))
        #expect(unfolded.contains("Colleagues still see this time as free\\; it turns busy 72 hours before it starts."))
    }

    @Test func aDefendedHoldStaysTentativeButMakesTheUserBusyAndIsRewrittenOnce() throws {
        let sandbox = try WriterSandbox()
        defer { removeDirectory(sandbox.root) }
        _ = try sandbox.writer.reconcile(.loaded([hold(defended: false)]))
        var defended = hold(defended: true)
        defended.identity.sequence = 1
        #expect(try sandbox.writer.reconcile(.loaded([defended])).written == ["hold-2026-11-25"])
        let text = try sandbox.text(of: defended)
        #expect(text.contains("\r\nSTATUS:TENTATIVE\r\n") && text.contains("\r\nTRANSP:OPAQUE\r\n"))
        #expect(text.replacingOccurrences(of: "\r\n ", with: "").contains("Colleagues now see this time as busy."))
        #expect(try sandbox.writer.reconcile(.loaded([defended])).unchanged == ["hold-2026-11-25"])
    }
}
