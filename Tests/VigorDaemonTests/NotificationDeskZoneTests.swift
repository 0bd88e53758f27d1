import CivilCalendar
import Foundation
import GhostEngine
import Testing
import VigorRPC

@testable import VigorDaemon
@testable import VigorConfig

/// The desk in a zone far from UTC: the budget's day is the user's local day, and the evening's proposal for a block
/// before quiet hours end goes out before they begin.
@Test(.removesScratchFolders) func inNewYorkTheEveningsProposalForTomorrowMorningGoesFirstAndMondayHasABudgetOfItsOwn() async throws {
    let newYork = LocalCalendar(timeZone: try #require(TimeZone(identifier: "America/New_York")))
    let sunday = try #require(LocalDay(iso: "2026-11-22"))
    let evening = try newYork.date(on: sunday, hour: 21)
    var config = DaemonConfig()
    config.schedule.timezone = "America/New_York"
    let context = try makeTestContext(config: config, now: evening)
    _ = try await context.ghost.perform(.manualPhaseChange(to: .scheduler), at: evening)
    // Wednesday 18:00 is proposed first, Monday 06:30 second.
    for start in [try newYork.date(on: sunday.adding(days: 3), hour: 18), try newYork.date(on: sunday.adding(days: 1), hour: 6, minute: 30)] {
        _ = try await context.ghost.perform(
            .placementRequested(BlockCandidate(start: start, durationMinutes: 45, confidence: 0.5), alternatives: []), at: evening)
    }
    await context.backend.settleNotifications(at: evening)
    var inbox = try await routerResult(InboxListMethod.self, "{}", context).entries
    #expect(inbox.filter { $0.state == "delivered" }.map(\.title) == ["Mon 06:30 workout?"])
    #expect(inbox.first { $0.state == "heldBack" }?.reason == "held back: today's notification went to a proposal")

    // Monday 07:00 in New York is 12:00 UTC, the same UTC date as Sunday 21:00 there (02:00 UTC): Monday's budget is new.
    let morning = try newYork.date(on: sunday.adding(days: 1), hour: 7)
    #expect(LocalCalendar(timeZone: .gmt).day(of: morning) == LocalCalendar(timeZone: .gmt).day(of: evening))
    await context.backend.settleNotifications(at: morning.addingTimeInterval(-60))
    inbox = try await routerResult(InboxListMethod.self, "{}", context).entries
    #expect(inbox.first { $0.title == "Wed 18:00 workout?" }?.reason == "held back: quiet hours until 07:00")
    await context.backend.settleNotifications(at: morning)
    inbox = try await routerResult(InboxListMethod.self, "{}", context).entries
    #expect(inbox.filter { $0.state == "delivered" }.map(\.title).sorted() == ["Mon 06:30 workout?", "Wed 18:00 workout?"])
}

@Test(.removesScratchFolders) func theBudgetAndQuietHoursFollowTheConfiguredZoneNotTheOneTheGhostStartedIn() async throws {
    // vigord first started without a zone (the Ghost's calendar is UTC); setup then set Asia/Tokyo.
    let tokyo = LocalCalendar(timeZone: try #require(TimeZone(identifier: "Asia/Tokyo")))
    let sunday = try #require(LocalDay(iso: "2026-11-22"))
    let evening = try tokyo.date(on: sunday, hour: 21)  // 12:00 UTC
    var config = DaemonConfig()
    config.schedule.timezone = "UTC"
    let context = try makeTestContext(config: config, now: evening)
    config.schedule.timezone = "Asia/Tokyo"
    _ = await context.backend.state.adopt(ConfigLoader.Loaded(config: config, origin: .defaults, text: ""), at: evening)
    _ = try await context.ghost.perform(.manualPhaseChange(to: .scheduler), at: evening)
    for start in [try tokyo.date(on: sunday.adding(days: 1), hour: 6, minute: 30), try tokyo.date(on: sunday.adding(days: 3), hour: 18)] {
        _ = try await context.ghost.perform(
            .placementRequested(BlockCandidate(start: start, durationMinutes: 45, confidence: 0.5), alternatives: []), at: evening)
    }
    await context.backend.settleNotifications(at: evening)
    // Monday 07:00 in Tokyo is Sunday 22:00 UTC: quiet hours and Sunday still, read in the Ghost's first zone.
    await context.backend.settleNotifications(at: try tokyo.date(on: sunday.adding(days: 1), hour: 7))
    let inbox = try await routerResult(InboxListMethod.self, "{}", context).entries
    #expect(inbox.map(\.state) == ["delivered", "delivered"], "\(inbox.map { ($0.title, $0.reason) })")
}
