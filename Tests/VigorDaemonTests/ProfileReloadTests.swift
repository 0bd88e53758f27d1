import CivilCalendar
import Foundation
import GhostEngine
import GhostScheduling
import Store
import TestPrograms
import Testing

@testable import VigorDaemon
@testable import VigorConfig

/// An injury added with a reload reaches the sessions already planned: vigord's calendar shows the new kind at once.
@Test(.removesScratchFolders) func aKneeAddedByAReloadTurnsTomorrowsRunIntoAnotherSessionOnTheCalendar() async throws {
    let now = Date(timeIntervalSince1970: 1_795_629_600)  // Wednesday 2026-11-25 19:00 Berlin
    let folder = try ScratchFolder.make("profile-reload")
    let path = folder + "/config.toml"
    let text = { (injuries: String) in "[schedule]\ntimezone = \"Europe/Berlin\"\n[profile]\ninjuries = [\(injuries)]\n" }
    try text("").write(toFile: path, atomically: true, encoding: .utf8)
    let read = try ConfigLoader.read(path: path, mayBeMissing: false)
    let context = try makeTestContext(config: read.config, now: now, configPath: path, origin: read.origin)
    _ = try await context.ghost.perform(.manualPhaseChange(to: .autoScheduler), at: now)
    let tomorrow7 = now.addingTimeInterval(12 * 3600)
    let effects = try await context.ghost.perform(
        .placementRequested(BlockCandidate(start: tomorrow7, durationMinutes: 45, confidence: 1, kind: .run), alternatives: []), at: now)
    let id = try #require(effects.compactMap { effect -> BlockID? in
        if case .writeBlock(let block) = effect { block.id } else { nil }
    }.first)
    try await context.backend.publish(at: now)
    let file = try calendarFile(context, item: id.rawValue)
    #expect(try String(contentsOfFile: file, encoding: .utf8).contains("SUMMARY:Run\r\n"))

    // The last evening's forecast (as stored: dates in seconds since 2001) has a likely run on Saturday 18:00.
    let forecast = #"{"days":[{"date":"2026-11-28","start":817578000,"reason":"free at 18:00","kind":"run"}]}"#
    try context.database.saveWeekForecast(WeekForecastRecord(madeAt: now, body: Data(forecast.utf8)))

    try text(#""left knee""#).write(toFile: path, atomically: true, encoding: .utf8)
    let reload = await context.backend.reload(at: now.addingTimeInterval(60))
    #expect(reload.ok, "\(reload.error ?? "")")
    let block = try #require(await context.ghost.current.block(id))
    #expect(block.kind == .strength && block.status == .scheduled)
    let written = try String(contentsOfFile: file, encoding: .utf8)
    #expect(written.contains("SUMMARY:Strength training\r\n"), "\(written)")
    #expect(!written.contains("SUMMARY:Run"))
    let unfolded = written.replacingOccurrences(of: "\r\n ", with: "")
    #expect(unfolded.contains("Changed Thu 07:00 from a run to strength training: your profile now rules out run (your injury 'left knee')."))

    let saturday = try #require(try context.database.weekForecast()?.value(as: WeekForecast.self).days.first)
    #expect(saturday.kind == .mobility && saturday.start == Date(timeIntervalSince1970: 1_795_885_200),
            "the likely run is another kind at the same time (Friday's block is strength)")

    let again = await context.backend.reload(at: now.addingTimeInterval(120))
    #expect(again.ok)
    #expect(try context.database.recentReceipts(limit: 10).filter { $0.action == "kindChanged" }.count == 1, "the same profile changes nothing twice")
}

/// A profile edited while vigord was down counts at its start, when it brings its calendar up to date.
@Test(.removesScratchFolders) func anInjuryWrittenWhileVigordWasDownChangesTheComingSessionAtStart() async throws {
    let now = Date(timeIntervalSince1970: 1_795_629_600)  // Wednesday 2026-11-25 19:00 Berlin
    var config = DaemonConfig()
    config.schedule.timezone = "Europe/Berlin"
    config.profile.injuries = ["sore back"]
    let context = try makeTestContext(config: config, now: now)
    _ = try await context.ghost.perform(.manualPhaseChange(to: .scheduler), at: now)
    let effects = try await context.ghost.perform(
        .placementRequested(BlockCandidate(start: now.addingTimeInterval(12 * 3600), durationMinutes: 45, confidence: 1, kind: .strength),
                            alternatives: []), at: now)
    let id = try #require(effects.compactMap { effect -> BlockID? in
        if case .proposeBlock(let block) = effect { block.id } else { nil }
    }.first)
    _ = try await context.backend.bringCalendarUpToDate(at: now)
    let block = try #require(await context.ghost.current.block(id))
    #expect(block.kind == .run && block.status == .proposed, "a back rules out strength and rides: the first open kind is a run")
    #expect(try String(contentsOfFile: try calendarFile(context, item: id.rawValue), encoding: .utf8).contains("SUMMARY:Proposed: Run\r\n"))
}
