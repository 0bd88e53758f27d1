import CivilCalendar
import Foundation
import Logging
import Synchronization
import TestPrograms
import Testing
import VigorRPC

@testable import VigorDaemon
@testable import VigorConfig

/// The cycle service itself (its once-a-check loop, the planner, the runner) through the days a Berlin clock skips or
/// repeats an hour: each cycle runs once, at its local time, and none is missed or doubled.
private final class WallClock: Sendable {
    private let date: Mutex<Date>
    init(_ date: Date) { self.date = Mutex(date) }
    var now: Date { date.withLock { $0 } }
    func advance(by seconds: TimeInterval) { date.withLock { $0 = $0.addingTimeInterval(seconds) } }
}

private func instant(_ text: String) throws -> Date {
    try #require(RPCTimestamp(rfc3339: text)).date
}

/// Runs the service from `start` for `hours`, checking every 10 minutes on both clocks; the cycles it ran, as
/// `kind localDate ranAt(UTC)`.
private func cycles(from start: Date, hours: Int) async throws -> [String] {
    var config = DaemonConfig()
    config.schedule.timezone = "Europe/Berlin"
    let wall = WallClock(start)
    let context = try makeTestContext(config: config, now: start, clock: { wall.now })
    let clock = ManualClock()
    let step: Duration = .seconds(600)
    let service = CycleService(
        backend: context.backend, checkInterval: step,
        clock: clock, now: { wall.now }, notifier: SystemdNotifier(), failures: FailureLog(logger: Logger(label: "test")),
        logger: Logger(label: "test"))
    let running = Task { try await service.run() }
    defer { running.cancel() }
    for _ in 0..<(hours * 6) {
        await clock.untilSomeoneSleeps()
        wall.advance(by: 600)
        clock.advance(by: step)
    }
    await clock.untilSomeoneSleeps()
    let format = ISO8601DateFormatter()
    return try context.database.cycleRuns(onOrAfter: LocalDay(year: 2000, month: 1, day: 1)).map { "\($0.kind.rawValue) \($0.localDate) \(format.string(from: $0.ranAt))" }
}

@Test(.removesScratchFolders, .timeLimit(.minutes(10))) func onThe25HourDayTheServiceRunsEachCycleOnceAtItsLocalTime() async throws {
    // Sunday 2026-10-25: Berlin goes back from 03:00 CEST to 02:00 CET.
    let ran = try await cycles(from: try instant("2026-10-24T03:05:00+02:00"), hours: 57)
    #expect(ran.filter { $0.hasPrefix("morning ") } == [
        "morning 2026-10-24 2026-10-24T04:05:00Z",  // 06:05 CEST
        "morning 2026-10-25 2026-10-25T05:05:00Z",  // 06:05 CET
        "morning 2026-10-26 2026-10-26T05:05:00Z",
    ])
    #expect(ran.filter { $0.hasPrefix("evening ") } == [
        "evening 2026-10-24 2026-10-24T19:05:00Z",  // 21:05 CEST
        "evening 2026-10-25 2026-10-25T20:05:00Z",  // 21:05 CET
    ])
    #expect(ran.filter { $0.hasPrefix("weekly ") }.map { String($0.prefix(17)) } == ["weekly 2026-10-25"])
}

@Test(.removesScratchFolders, .timeLimit(.minutes(10))) func onThe23HourDayTheServiceRunsEachCycleOnceAtItsLocalTime() async throws {
    // Sunday 2026-03-29: Berlin skips from 02:00 CET to 03:00 CEST.
    let ran = try await cycles(from: try instant("2026-03-28T03:05:00+01:00"), hours: 57)
    #expect(ran.filter { $0.hasPrefix("morning ") } == [
        "morning 2026-03-28 2026-03-28T05:05:00Z",  // 06:05 CET
        "morning 2026-03-29 2026-03-29T04:05:00Z",  // 06:05 CEST
        "morning 2026-03-30 2026-03-30T04:05:00Z",
    ])
    #expect(ran.filter { $0.hasPrefix("evening ") } == [
        "evening 2026-03-28 2026-03-28T20:05:00Z",  // 21:05 CET
        "evening 2026-03-29 2026-03-29T19:05:00Z",  // 21:05 CEST
    ])
}
