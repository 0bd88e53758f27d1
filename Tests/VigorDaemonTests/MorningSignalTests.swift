import CivilCalendar
import Foundation
import GhostEngine
import Store
import TestPrograms
import Testing

@testable import VigorDaemon

/// The morning cycle reads the imported health samples: coverage of closed days, recovery, transformations.
@Suite(.removesScratchFolders)
struct MorningSignalTests {
    private let berlin = TimeZone(identifier: "Europe/Berlin")!

    private func instant(_ text: String) throws -> Date {
        try #require(ISO8601DateFormatter().date(from: text))
    }

    private func context(phase: TrustPhase, now: Date) async throws -> LocalAPI.Context {
        let context = try berlinContext(now: now)
        _ = try await context.ghost.perform(.manualPhaseChange(to: phase), at: now)
        return context
    }

    /// A night of `hours` asleep ending Tuesday 2026-11-24 06:30 Berlin.
    private func night(hours: Double) throws -> HealthSample {
        let end = try instant("2026-11-24T05:30:00Z")
        return HealthSample(
            kind: .sleep, source: "Apple Watch", start: end.addingTimeInterval(-hours * 3600), end: end, value: hours * 60,
            detail: "core")
    }

    /// Places an auto block at 17:00 UTC on Tuesday (18:00 Berlin) and returns its id.
    private func blockOnTuesdayEvening(_ context: LocalAPI.Context, now: Date) async throws -> BlockID {
        let candidate = BlockCandidate(start: try instant("2026-11-24T17:00:00Z"), durationMinutes: 45, confidence: 1)
        let effects = try await context.ghost.perform(.placementRequested(candidate, alternatives: []), at: now)
        for case .writeBlock(let block) in effects { return block.id }
        Issue.record("the ghost wrote no block"); return BlockID(rawValue: "none")
    }

    @Test func aShortNightRemovesTodaysBlockInTransformerPhase() async throws {
        let monday = try instant("2026-11-23T20:00:00Z")
        let context = try await context(phase: .transformer, now: monday)
        let block = try await blockOnTuesdayEvening(context, now: monday)
        _ = try context.database.insertHealthSamples([try night(hours: 4)])
        let outcome = try await context.backend.runCycle(.morning, now: try instant("2026-11-24T05:00:00Z"), zone: berlin)
        #expect(outcome.summary.contains("shortSleep rule on \(block.rawValue)"))
        #expect(await context.ghost.current.block(block)?.status == .removed)
    }

    @Test func theSameShortNightIsOnlyASuggestionForTheScheduler() async throws {
        let monday = try instant("2026-11-23T20:00:00Z")
        let context = try await context(phase: .autoScheduler, now: monday)
        let block = try await blockOnTuesdayEvening(context, now: monday)
        _ = try context.database.insertHealthSamples([try night(hours: 4)])
        let outcome = try await context.backend.runCycle(.morning, now: try instant("2026-11-24T05:00:00Z"), zone: berlin)
        #expect(outcome.summary.contains("suggestion for \(block.rawValue)"))
        #expect(await context.ghost.current.block(block)?.status == .scheduled)
    }

    @Test func aGoodNightLeavesTheBlockAlone() async throws {
        let monday = try instant("2026-11-23T20:00:00Z")
        let context = try await context(phase: .transformer, now: monday)
        let block = try await blockOnTuesdayEvening(context, now: monday)
        _ = try context.database.insertHealthSamples([try night(hours: 7.5)])
        _ = try await context.backend.runCycle(.morning, now: try instant("2026-11-24T05:00:00Z"), zone: berlin)
        #expect(await context.ghost.current.block(block)?.status == .scheduled)
    }

    @Test func closedDaysCarryTheShareOfSignalsThatArrived() async throws {
        let monday = try instant("2026-11-23T05:00:00Z")
        let context = try await context(phase: .observer, now: monday)
        _ = try await context.backend.runCycle(.morning, now: monday, zone: berlin)
        let hrv = HealthSample(
            kind: .hrv, source: "Apple Watch", start: try instant("2026-11-23T06:00:00Z"), end: try instant("2026-11-23T06:00:00Z"),
            value: 48)
        _ = try context.database.insertHealthSamples([hrv])
        _ = try await context.backend.runCycle(.morning, now: try instant("2026-11-24T05:00:00Z"), zone: berlin)
        #expect(await context.ghost.current.health.recentDays.last?.signalCoverage == 0.25)
    }
}
