import CivilCalendar
import Foundation
import TestPrograms
import GhostEngine
import Store
import Synchronization
import Testing
import VigorRPC

@testable import VigorDaemon
@testable import VigorConfig

/// The ages `status` gives health data and the recovery score, and the morning that has nothing new to read,
/// on an injected clock over one real (in-memory) SQLite store.
@Suite(.removesScratchFolders)
struct HealthAgeTests {
    /// A wall clock the test moves by hand.
    final class WallClock: Sendable {
        private let date: Mutex<Date>
        init(_ start: Date) { date = Mutex(start) }
        var now: Date { date.withLock { $0 } }
        func advance(hours: Double) { date.withLock { $0 += hours * 3600 } }
    }

    private func berlin(_ clock: WallClock) throws -> LocalAPI.Context {
        var config = DaemonConfig()
        config.schedule.timezone = "Europe/Berlin"
        return try makeTestContext(config: config, now: clock.now, clock: { clock.now })
    }

    private func importLines(_ lines: [String], _ context: LocalAPI.Context) async throws {
        let path = try ScratchFolder.make("ages") + "/ages.jsonl"
        try lines.joined(separator: "\n").appending("\n").write(toFile: path, atomically: true, encoding: .utf8)
        _ = try await routerResult(HealthImportMethod.self, #"{"path":"\#(path)"}"#, context)
    }

    private func health(_ context: LocalAPI.Context) async throws -> HealthAgeStatus {
        try await routerResult(StatusMethod.self, "{}", context).health
    }

    /// Tuesday 2026-11-24 07:00 Berlin.
    private let morning = Date(timeIntervalSince1970: 1_795_500_000)
    /// Two weeks of nights up to this morning (sleep ends 06:40, HRV and resting heart rate at 06:45), so the
    /// recovery score has its baselines.
    private let night = (10...24).flatMap { day -> [String] in
        let evening = String(format: "2026-11-%02dT23:10:00+01:00", day - 1)
        let wake = String(format: "2026-11-%02dT06:", day)
        return [
            #"{"type":"sleep","start":"\#(evening)","end":"\#(wake)40:00+01:00","source":"oura"}"#,
            #"{"type":"hrv","start":"\#(wake)45:00+01:00","value":48,"source":"oura"}"#,
            #"{"type":"restingHeartRate","start":"\#(wake)45:00+01:00","value":52,"source":"oura"}"#,
        ]
    }

    @Test func statusGivesTheNewestHealthDataTheCalendarsFreshnessLevels() async throws {
        let clock = WallClock(morning)
        let context = try berlin(clock)
        #expect(try await health(context).freshness == "unknown")
        try await importLines(night, context)
        var ages = try await health(context)
        #expect(ages.newestDataAt?.description == "2026-11-24T06:45:00+01:00")
        #expect(ages.ageSeconds == 15 * 60 && ages.freshness == "fresh")
        for (hours, expected) in [(0.5, "slightlyStale"), (2.0, "stale"), (4.0, "veryStale"), (18.0, "expired")] {
            clock.advance(hours: hours)
            ages = try await health(context)
            #expect(ages.freshness == expected, "after \(hours) more hours")
        }
    }

    @Test func aCheckInIsHealthDataForStatusAsForTheMorning() async throws {
        let clock = WallClock(morning)
        let context = try berlin(clock)
        _ = try context.database.saveCheckIn(
            CheckIn(localDate: LocalDay(year: 2026, month: 11, day: 24), sleptMinutes: 240, felt: .tired, recordedAt: morning.addingTimeInterval(-600)))
        let ages = try await health(context)
        #expect(ages.newestDataKind == "checkIn" && ages.ageSeconds == 600 && ages.freshness == "fresh")
        let outcome = try await context.backend.runCycle(.morning, now: clock.now, zone: await context.state.config.schedule.zone)
        #expect(outcome.newHealthData == true)
    }

    @Test func aMorningWithNothingNewSaysSoAndTheRecoveryScoreIsCarriedOver() async throws {
        let clock = WallClock(morning)
        let context = try berlin(clock)
        try await importLines(night, context)
        let first = try await context.backend.runCycle(.morning, now: clock.now, zone: await context.state.config.schedule.zone)
        #expect(first.newHealthData == true && !first.summary.contains("nothing new"))
        var ages = try await health(context)
        #expect(ages.lastMorning?.newHealthData == true)
        let fresh = try #require(ages.recovery, "the night gives a recovery score")
        #expect(!fresh.carriedOver && fresh.date == "2026-11-24" && fresh.freshness == "fresh")

        clock.advance(hours: 24)
        let second = try await context.backend.runCycle(.morning, now: clock.now, zone: await context.state.config.schedule.zone)
        #expect(second.newHealthData == false)
        #expect(second.summary.contains("nothing new to read since the last morning cycle (2026-11-24 07:00)"))
        #expect(second.summary.contains("carried over, not fresh"))
        ages = try await health(context)
        #expect(ages.lastMorning?.newHealthData == false)
        let kept = try #require(ages.recovery)
        #expect(kept.carriedOver && kept.freshness == "expired")
        #expect(try context.database.lastCycleRun(kind: .morning)?.newHealthData == false)

        // A check-in is news: the next morning reads it and the score is fresh again.
        clock.advance(hours: 23.5)
        _ = try await routerResult(CheckInMethod.self, #"{"slept":7.5,"felt":"good"}"#, context)
        clock.advance(hours: 0.5)
        let third = try await context.backend.runCycle(.morning, now: clock.now, zone: await context.state.config.schedule.zone)
        #expect(third.newHealthData == true)
    }

    @Test func theFirstMorningWithoutAnyDataHasNothingToRead() {
        let calendar = LocalCalendar(timeZone: TimeZone(identifier: "Europe/Berlin") ?? .gmt)
        #expect(MorningNews.judge(newest: nil, previousMorning: nil, calendar: calendar).isNew == false)
        let data = Date(timeIntervalSince1970: 1_795_500_000)
        #expect(MorningNews.judge(newest: data, previousMorning: nil, calendar: calendar).isNew)
        #expect(MorningNews.judge(newest: data, previousMorning: data.addingTimeInterval(-1), calendar: calendar).isNew)
        #expect(!MorningNews.judge(newest: data, previousMorning: data, calendar: calendar).isNew)
    }
}
