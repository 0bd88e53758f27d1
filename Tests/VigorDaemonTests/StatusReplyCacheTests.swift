import Foundation
import Testing
import VigorRPC

@testable import VigorDaemon

/// A whole second plus a quarter: every call below happens within this one second.
private let now = Date(timeIntervalSince1970: 1_795_341_600.25)

private let personalVdir = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().appendingPathComponent("Fixtures/calendars/khal-vdir/personal").path

private func status(_ dispatcher: RPCDispatcher) async throws -> DaemonStatus {
    let reply = try #require(await dispatcher.reply(to: Data(#"{"jsonrpc":"2.0","method":"status","id":1}"#.utf8)))
    return try RPCCoding.decode(DaemonStatus.self, from: try #require(JSONDecoder().decode(RPCResponse.self, from: reply).result))
}

@Test func statusShowsATrustChangeMadeWithinTheSameSecond() async throws {
    let context = try berlinContext(now: now)
    let dispatcher = RPCDispatcher(router: DaemonRouter.make(context))
    #expect(try await status(dispatcher).ghost.trustPhase == "observer")
    _ = try #require(await dispatcher.reply(to: Data(#"{"jsonrpc":"2.0","method":"trust.set","params":{"phase":"scheduler"},"id":2}"#.utf8)))
    #expect(try await status(dispatcher).ghost.trustPhase == "scheduler")
}

@Test func statusShowsAReloadMadeWithinTheSameSecond() async throws {
    let path = NSTemporaryDirectory() + "vigor-status-reload-\(UUID().uuidString).toml"
    try "[schedule]\ntimezone = \"Europe/Berlin\"\nmorning = \"05:00\"\n".write(toFile: path, atomically: true, encoding: .utf8)
    var config = DaemonConfig()
    config.schedule.timezone = "Europe/Berlin"
    let context = try makeTestContext(config: config, now: now, configPath: path)
    let dispatcher = RPCDispatcher(router: DaemonRouter.make(context))
    let before = try await status(dispatcher)
    #expect(before.lastReload == nil)
    #expect(await context.state.reload().ok)
    let after = try await status(dispatcher)
    #expect(after.lastReload?.ok == true)
    #expect(after.nextCycles.morning != before.nextCycles.morning)
    #expect(after.nextCycles.morning.description.contains("T05:00:00"))
}

@Test func statusShowsACalendarRefreshMadeWithinTheSameSecond() async throws {
    var config = DaemonConfig()
    config.schedule.timezone = "Europe/Berlin"
    config.calendar.sources = [CalendarSourceEntry(name: "personal", location: .path(personalVdir))]
    let context = try makeTestContext(config: config, now: now)
    let dispatcher = RPCDispatcher(router: DaemonRouter.make(context))
    #expect(try await status(dispatcher).sources.map(\.freshness) == ["unknown"])
    await context.calendars.refresh(now: now)
    let after = try await status(dispatcher).sources
    #expect(after.map(\.freshness) == ["fresh"])
    #expect(after.map(\.ok) == [true])
}

@Test func statusInABatchIsTheSameJSONAsStatusAlone() async throws {
    let dispatcher = RPCDispatcher(router: DaemonRouter.make(try berlinContext(now: now)))
    let alone = try #require(await dispatcher.reply(to: Data(#"{"jsonrpc":"2.0","method":"status","id":1}"#.utf8)))
    let batch = try #require(await dispatcher.reply(to: Data(#"[{"jsonrpc":"2.0","method":"status","id":1}]"#.utf8)))
    #expect(batch == Data("[".utf8) + alone + Data("]".utf8))
}

@Test func statusIsComputedAtTheWholeSecond() async throws {
    var config = DaemonConfig()
    config.schedule.timezone = "Europe/Berlin"
    // Started 60 s before `now`; at the whole second `status` is computed at, it has run 59.75 s.
    let context = try makeTestContext(config: config, now: now, startedAt: now.addingTimeInterval(-60))
    #expect(try await status(RPCDispatcher(router: DaemonRouter.make(context))).uptimeSeconds == 59)
}
