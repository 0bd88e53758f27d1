import Foundation
import TestPrograms
import Testing
import VigorRPC

@testable import VigorDaemon
@testable import VigorConfig

/// Every call below happens at this one instant: `status` must show each change at once.
private let now = Date(timeIntervalSince1970: 1_795_341_600.25)

private let personalVdir = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().appendingPathComponent("Fixtures/calendars/khal-vdir/personal").path

private func status(_ dispatcher: RPCDispatcher) async throws -> DaemonStatus {
    let reply = try #require(await dispatcher.reply(to: Data(#"{"jsonrpc":"2.0","method":"status","id":1}"#.utf8)))
    return try RPCCoding.decode(DaemonStatus.self, from: try #require(JSONDecoder().decode(RPCResponse.self, from: reply).result))
}

@Test(.removesScratchFolders) func statusShowsATrustChangeMadeWithinTheSameSecond() async throws {
    let context = try berlinContext(now: now)
    let dispatcher = RPCDispatcher(router: LocalAPI(context).router())
    #expect(try await status(dispatcher).ghost.trustPhase == "observer")
    _ = try #require(await dispatcher.reply(to: Data(#"{"jsonrpc":"2.0","method":"trust.set","params":{"phase":"scheduler"},"id":2}"#.utf8)))
    #expect(try await status(dispatcher).ghost.trustPhase == "scheduler")
}

@Test(.removesScratchFolders) func statusShowsAReloadMadeWithinTheSameSecond() async throws {
    let path = try ScratchFolder.make("status-reload") + "/status-reload.toml"
    try "[schedule]\ntimezone = \"Europe/Berlin\"\nmorning = \"05:00\"\n".write(toFile: path, atomically: true, encoding: .utf8)
    var config = DaemonConfig()
    config.schedule.timezone = "Europe/Berlin"
    let context = try makeTestContext(config: config, now: now, configPath: path)
    let dispatcher = RPCDispatcher(router: LocalAPI(context).router())
    let before = try await status(dispatcher)
    #expect(before.lastReload == nil)
    #expect(await context.backend.reload(at: context.now()).ok)
    let after = try await status(dispatcher)
    #expect(after.lastReload?.ok == true)
    #expect(after.nextCycles.morning != before.nextCycles.morning)
    #expect(after.nextCycles.morning.description.contains("T05:00:00"))
}

@Test(.removesScratchFolders) func statusShowsACalendarRefreshMadeWithinTheSameSecond() async throws {
    var config = DaemonConfig()
    config.schedule.timezone = "Europe/Berlin"
    config.calendar.sources = [CalendarSourceEntry(name: "personal", location: .path(personalVdir))]
    let context = try makeTestContext(config: config, now: now)
    let dispatcher = RPCDispatcher(router: LocalAPI(context).router())
    #expect(try await status(dispatcher).sources.map(\.freshness) == ["unknown"])
    await context.calendars.refresh(now: now)
    let after = try await status(dispatcher).sources
    #expect(after.map(\.freshness) == ["fresh"])
    #expect(after.map(\.ok) == [true])
}

@Test(.removesScratchFolders) func aCycleThatAlreadyRanTodayIsNextTomorrow() async throws {
    let context = try berlinContext(now: now)  // Sunday 2026-11-22 11:00
    let dispatcher = RPCDispatcher(router: LocalAPI(context).router())
    #expect(try await status(dispatcher).nextCycles.evening.description == "2026-11-22T21:00:00+01:00")
    let ran = try await context.backend.runCycle(.evening, at: now)
    #expect(ran.ran, "\(ran.summary)")
    let after = try await status(dispatcher)
    #expect(after.nextCycles.evening.description == "2026-11-23T21:00:00+01:00", "today's evening ran by hand already")
    #expect(after.nextCycles.morning.description == "2026-11-23T06:00:00+01:00")
}
