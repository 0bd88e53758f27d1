import Dispatch
import CivilCalendar
import Foundation
import TestPrograms
import GhostEngine
import Testing

@testable import VigorDaemon
@testable import VigorConfig

/// A reload that arrives while a cycle runs: the cycle is held waiting for the calendars (their one lane is busy), the
/// configuration is read again meanwhile, and then the cycle finishes.
@Test(.removesScratchFolders, .timeLimit(.minutes(10))) func aReloadWhileTheEveningCycleWaitsForTheCalendarsIsInForceAndTheCycleRunsOnce() async throws {
    let now = Date(timeIntervalSince1970: 1_795_629_600)  // Wednesday 2026-11-25 19:00 Berlin
    let folder = try ScratchFolder.make("reload-cycle")
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let path = folder + "/config.toml"
    let text = { (sessions: Int) in "[schedule]\ntimezone = \"Europe/Berlin\"\n[training]\nsessions_per_week = \(sessions)\n" }
    try text(3).write(toFile: path, atomically: true, encoding: .utf8)
    let read = try ConfigLoader.read(path: path, mayBeMissing: false)
    let context = try makeTestContext(config: read.config, now: now, configPath: path, origin: read.origin)
    _ = try await context.ghost.perform(.manualPhaseChange(to: .scheduler), at: now)

    // The calendars' lane is held, so the cycle's reading of the week waits in it.
    let gate = DispatchSemaphore(value: 0)
    context.calendars.work.submit { gate.wait() }
    let cycle = Task { try await context.backend.runCycle(.evening, at: now) }
    while !(await context.backend.cycleRunning) { await Task.yield() }

    try text(5).write(toFile: path, atomically: true, encoding: .utf8)
    let reload = await context.backend.reload(at: now.addingTimeInterval(1))
    #expect(reload.ok, "\(reload.error ?? "")")
    #expect(await context.state.config.training.sessionsPerWeek == 5)
    #expect(await context.backend.cycleRunning, "the reload did not wait for the cycle, nor end it")

    gate.signal()
    let outcome = try await cycle.value
    #expect(outcome.ran && outcome.localDate.description == "2026-11-25", "\(outcome)")
    #expect(try context.database.cycleRuns(onOrAfter: LocalDay(year: 2026, month: 11, day: 25)).filter { $0.kind == .evening }.count == 1)
    #expect(await context.ghost.current.blocks.contains { $0.status == .proposed }, "the cycle still decided tomorrow")
    let again = try await context.backend.runCycle(.evening, at: now.addingTimeInterval(60))
    #expect(!again.ran, "one evening a day, reload or not")
}
