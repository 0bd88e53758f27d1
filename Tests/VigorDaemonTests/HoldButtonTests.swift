import Foundation
import GhostEngine
import Logging
import Testing
import VigorRPC

@testable import VigorDaemon

extension DesktopNotificationTests {
    /// Sunday 2026-11-22 20:00 Berlin.
    static let sunday20 = Date(timeIntervalSince1970: 1_795_374_000)

    @Test func aSchedulersWeekIsHeldWhenTheWeeklyReceiptsHoldTheseButtonIsPressed() async throws {
        let session = try DesktopSession(server: true)
        defer { session.stop() }
        var config = DaemonConfig()
        config.schedule.timezone = "Europe/Berlin"
        let context = try makeTestContext(config: config, now: Self.sunday20)
        _ = try await context.ghost.perform(.manualPhaseChange(to: .scheduler), at: Self.sunday20)
        let berlin = config.schedule.zone
        _ = try await context.backend.runCycle(.evening, now: Self.sunday20, zone: berlin)
        _ = try await context.backend.runCycle(.weekly, now: Self.sunday20.addingTimeInterval(60), zone: berlin)
        #expect(await context.output.holds.book.holds.isEmpty, "a Scheduler holds nothing before the yes")
        // Monday's proposal answered in the terminal, so today's one notification is the weekly receipt.
        let proposed = try #require(await context.ghost.current.blocks.first { $0.status == .proposed })
        _ = try await routerResult(ProposalAnswerMethod.self, #"{"block":"\#(proposed.id.rawValue)","accept":true}"#, context)

        let answers = Answers()
        let sink = try answeringSink(session, context, answers)
        defer { sink.stop() }
        await context.notifications.use([sink])
        await context.notifications.settle(now: Self.sunday20.addingTimeInterval(120), rules: NotificationRules())
        #expect(try session.open() == 1)
        let inbox = try await routerResult(InboxListMethod.self, "{}", context).entries
        let weekly = try #require(inbox.first { $0.kind == "weeklyReceipt" })
        #expect(weekly.body.hasSuffix("This week: Wed 07:00, Fri 07:00 — hold these?"), "\(weekly.body)")

        try session.click(GhostMessages.holdWeekAction)
        try await answers.nextFinished()
        let menu = try session.lastMenu()
        #expect(menu.contains { $0.hasPrefix("#Hold these (Your week)") }, "\(menu)")
        #expect(answers.all == ["\(weekly.key) hold-week"])
        let holds = await context.output.holds.book.holds
        #expect(holds.count == 2)
        for hold in holds {
            #expect(FileManager.default.fileExists(atPath: try calendarFile(context, item: hold.itemID)))
        }
    }
}
