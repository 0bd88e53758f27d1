import Foundation
import TestPrograms
import GhostEngine
import Logging
import Testing

@testable import VigorDaemon

/// The replanning as a service: woken by changes, it waits for a quiet second on an injected clock, so a
/// burst of saves is read once; the source watch wakes it when a calendar file changes or after a reload.

private func board(until hour: Int) -> [(String, String, String)] {
    [("Board meeting", "20261123T060000Z", String(format: "20261123T%02d0000Z", hour - 1))]
}

// The limits guard against a hang, not against a slow machine: while the suite's system tests block both
// cooperative threads of a 2-core machine, these tests wait minutes for a thread without being stuck.
@Test(.removesScratchFolders, .timeLimit(.minutes(10))) func aBurstOfFiveSavesIsReadOnceTheFileIsQuietAndMovesTheBlockOnce() async throws {
    let week = try await ReplanWeek(phase: .autoScheduler)
    let id = try await week.place(at: replanBlockStart)
    let clock = ManualClock()
    let signal = ChangeSignal()
    let service = ReplanService(
        backend: week.context.backend, signal: signal, quiet: .seconds(1), clock: clock,
        now: { replanNow }, notifier: SystemdNotifier(), failures: FailureLog(logger: Logger(label: "test")))
    let running = Task { try await service.run() }
    defer { running.cancel() }

    // Five saves, each less than a second after the one before: the meeting grows and shrinks.
    for until in [8, 10, 8, 11, 9] {
        try week.save(board(until: until))
        signal.changed()
        await clock.untilSomeoneSleeps()
        clock.advance(by: .milliseconds(600))
        #expect(await week.block(id)?.start == replanBlockStart)
    }
    // Quiet from now on: within two quiet periods (one if the service counted the fifth save before its last
    // wait) it replans once, on the last picture (the meeting ends at 09:00 Berlin).
    for _ in 0..<2 where await week.block(id)?.start == replanBlockStart {
        let seen = week.context.ghost.changes.changesSoFar
        clock.advance(by: .seconds(1))
        // Either the replan changes the Ghost, or the service waits another quiet period.
        await withTaskGroup(of: Void.self) { group in
            group.addTask { await week.context.ghost.changes.change(after: seen) }
            group.addTask { await clock.untilSomeoneSleeps() }
            await group.next()
            group.cancelAll()
        }
    }
    #expect(await week.block(id)?.start != replanBlockStart)
    let moved = try await week.receipts().filter { $0.action == "moved" }
    #expect(moved.count == 1)
    #expect(moved.first?.reason.hasSuffix(": 'Board meeting' (work) now covers 07:00–09:00.") == true)
}

@Test(.removesScratchFolders, .timeLimit(.minutes(10))) func aSavedCalendarFileAndAReloadEachWakeTheReplanning() async throws {
    let week = try await ReplanWeek(phase: .autoScheduler)
    let folder = try ScratchFolder.make("watch")
    try FileManager.default.createDirectory(atPath: folder + "/family", withIntermediateDirectories: true)
    let configPath = folder + "/config.toml"
    try """
        [schedule]
        timezone = "Europe/Berlin"

        [[calendar.source]]
        name = "family"
        path = "family"
        """.write(toFile: configPath, atomically: true, encoding: .utf8)
    let context = try makeTestContext(config: await week.context.state.config, now: replanNow, configPath: configPath, origin: .file)
    let state = context.state
    let signal = ChangeSignal()
    let watch = SourceWatchService(state: state, signal: signal, logger: Logger(label: "test"))
    let running = Task { try await watch.run() }
    defer { running.cancel() }

    // Once the watch is in place, a saved work calendar wakes the replanning.
    await watch.watching.change(after: 0)
    try week.save(board(until: 8))
    await signal.change(after: 0)
    // A reload wakes it too, and the watch moves to the family folder.
    let beforeReload = signal.changesSoFar
    #expect(await context.backend.reload(at: replanNow).ok)
    await signal.change(after: beforeReload)
    await watch.watching.change(after: 1)
    let afterReload = signal.changesSoFar
    try "BEGIN:VCALENDAR\r\nEND:VCALENDAR\r\n".write(toFile: folder + "/family/dinner.ics", atomically: true, encoding: .utf8)
    await signal.change(after: afterReload)
    #expect(signal.changesSoFar > afterReload)
}
