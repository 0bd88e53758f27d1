import CivilCalendar
import Foundation
import GhostEngine
import TestPrograms
import Testing
import VigorRPC

@testable import VigorDaemon
@testable import VigorConfig

/// The evening cycle as the daemon runs it (`cycle.run` through the router, `[profile]` from the configuration in
/// force) writes a block titled with its kind, and says what an injury ruled out.
private let now = Date(timeIntervalSince1970: 1_795_370_400)  // Sunday 2026-11-22 19:00 Berlin

private func kneeContext() throws -> LocalAPI.Context {
    var config = DaemonConfig()
    config.schedule.timezone = "Europe/Berlin"
    config.profile.injuries = ["left knee"]
    config.profile.equipment = ["bike"]
    return try makeTestContext(config: config, now: now)
}

@Test(.removesScratchFolders) func anEveningWithAKneeInjuryWritesAStrengthBlockThatSaysWhatTheKneeRuledOut() async throws {
    let context = try kneeContext()
    _ = try await context.ghost.perform(.manualPhaseChange(to: .scheduler), at: now)
    let outcome = try await routerResult(CycleRunMethod.self, #"{"kind":"evening"}"#, context)
    #expect(outcome.ran, "\(outcome.summary)")
    let block = try #require(await context.ghost.current.blocks.first)
    #expect(block.kind == .strength, "a run and a ride are ruled out; strength is the first open kind")
    let file = try String(contentsOfFile: try calendarFile(context, item: block.id.rawValue), encoding: .utf8)
        .replacingOccurrences(of: "\r\n ", with: "")
    #expect(file.contains("SUMMARY:Proposed: Strength training\r\n"))
    #expect(file.contains("DESCRIPTION:45 minutes of strength training.\\n\\n"))
    #expect(file.contains("Not proposed because of an injury: run\\, ride (your injury 'left knee')."))
    let week = try await routerResult(PlanWeekMethod.self, "{}", context)
    #expect(week.days.first?.kind == .strength && week.days.first?.status == "proposed")
    let kinds = week.days.compactMap(\.kind)
    #expect(!kinds.isEmpty && !kinds.contains(.run) && !kinds.contains(.ride), "\(kinds)")
    let status = try await routerResult(StatusMethod.self, "{}", context)
    #expect(status.plan.proposals.first?.kind == .strength)
    #expect(status.profile?.ruledOut == "run, ride (your injury 'left knee'); swim (no pool in your equipment)")
}

@Test(.removesScratchFolders) func anUnknownInjuryWordIsLoggedOnceByTheReloadThatBringsIt() async throws {
    let log = CapturedLog()
    let state = DaemonState(
        config: DaemonConfig(), origin: .defaults, configPath: "/nonexistent/config.toml", configMayBeMissing: true, logger: log.logger)
    var config = DaemonConfig()
    config.profile.injuries = ["sciatica", "left knee"]
    let read = ConfigLoader.Loaded(config: config, origin: .file, text: "")
    _ = await state.adopt(read, at: now)
    _ = await state.adopt(read, at: now.addingTimeInterval(60))
    let notes = log.entries.filter { $0.message.contains("sciatica") }
    #expect(notes.count == 1, "\(log.entries)")
    #expect(notes.first?.level == .notice)
    #expect(notes.first?.message.hasPrefix("[profile] injury 'sciatica' is not one vigord understands, so it rules out no session") == true)
    #expect(!log.entries.contains { $0.message.contains("left knee") }, "an injury vigord understands is no news")
}
