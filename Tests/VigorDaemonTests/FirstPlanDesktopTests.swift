import Foundation
import TestPrograms
import GhostEngine
import Logging
import Testing
import VigorRPC

@testable import VigorDaemon
@testable import VigorConfig

/// The end of `vigorctl setup` against a real notification server: a new Ghost whose calendar shows 90 days of
/// history plans at 10:00 on a Monday, and its first proposal reaches dunst on a private bus.
@Suite(.removesScratchFolders, .serialized, .enabled(if: DesktopSession.available || DesktopSession.required, "needs \(DesktopSession.tools.joined(separator: ", ")) (Scripts/bootstrap installs them)"))
struct FirstPlanDesktopTests {
    /// Monday 2026-11-23 10:00 Berlin.
    static let monday10 = Date(timeIntervalSince1970: 1_795_424_400)

    @Test func theFirstPlanOfANewUserWithHistoryReachesTheDesktopAsAProposal() async throws {
        let session = try DesktopSession()
        defer { session.stop() }
        let folder = try ScratchFolder.make("first-plan")
        // A stand-up every weekday since Monday 2026-08-24: 13 weeks of history.
        try """
            BEGIN:VCALENDAR\r
            VERSION:2.0\r
            PRODID:-//vigord tests//EN\r
            BEGIN:VEVENT\r
            UID:standup\r
            DTSTAMP:20260101T000000Z\r
            DTSTART:20260824T080000Z\r
            DTEND:20260824T083000Z\r
            SUMMARY:Standup\r
            RRULE:FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR\r
            END:VEVENT\r
            END:VCALENDAR\r

            """.write(toFile: folder + "/standup.ics", atomically: true, encoding: .utf8)
        var config = DaemonConfig()
        config.schedule.timezone = "Europe/Berlin"
        config.calendar.sources = [CalendarSourceEntry(name: "work", location: .path(folder))]
        let context = try makeTestContext(config: config, now: Self.monday10)
        let sink = try DesktopSink(address: session.address, logger: Logger(label: "test")) { _, _ in }
        defer { sink.stop() }
        await context.notifications.use([sink])
        #expect(await context.ghost.current.trust.phase == .observer)

        let plan = try await routerResult(SetupFirstPlanMethod.self, "{}", context)
        #expect(plan.phase == "scheduler")
        #expect((plan.readableHistoryDays ?? 0) >= 60, "weekdays of the last 90 days")
        let block = try #require(plan.block)
        #expect(block.status == "proposed")
        #expect(plan.windows.first?.start == block.start)

        await context.notifications.settle(now: Self.monday10, rules: NotificationRules())
        #expect(try session.open() == 1)
        let inbox = try await routerResult(InboxListMethod.self, "{}", context).entries
        #expect(inbox.map(\.kind) == ["proposal"])
        let proposal = try #require(inbox.first)
        #expect(proposal.actions.map(\.id) == ["accept", "decline"], "a proposal asks yes or no")
        // What dunst showed is that proposal: closed, it is in dunst's history with the proposal's title and body.
        let closed = try session.run("dunstctl", ["close-all"])
        #expect(closed.status == 0, "\(closed.stderr)")
        let shown = try session.history()
        #expect(shown.map(\.summary) == [proposal.title], "dunst showed \(shown)")
        #expect(shown.first?.summary.hasSuffix(" workout?") == true)
        #expect(shown.first?.body.contains("Yes puts it into your calendar") == true, "\(shown)")
        #expect(shown.first?.app == "vigord")
        // The evening cycle was not used up: it still runs tonight, and finds tomorrow planned.
        let evening = try await context.backend.runCycle(.evening, now: Self.monday10.addingTimeInterval(11 * 3600), zone: config.schedule.zone)
        #expect(evening.ran && evening.summary.contains("tomorrow already has a block"), "\(evening.summary)")
    }
}
