import Foundation
import TestPrograms
import Testing
import GhostEngine
import GhostSimulation

/// Autonomy without a wearable: check-ins and logged workouts are evidence; nothing reported is none.
@Suite(.removesScratchFolders)
struct WatchlessScenarioTests {
    @Test func aWatchlessUserWhoChecksInAndLogsReachesAutoSchedulerAsSoonAsAWatchWearer() throws {
        let watchless = try ScenarioFiles.run("watchless-faithful.json")
        let wearer = try ScenarioFiles.run("steady-85-percent.json")
        let reached = try #require(watchless.days.first { $0.trustPhase == .autoScheduler }?.day)
        let wearerReached = try #require(wearer.days.first { $0.trustPhase == .autoScheduler }?.day)
        #expect(abs(reached - wearerReached) <= 3)
        #expect(watchless.days.contains { $0.blocks.contains { $0.origin == .auto } })
        #expect(watchless.day(reached)?.healthConfidence ?? 0 >= 0.5)
    }

    @Test func biometricsGiveMoreConfidenceThanCheckInsDuringBaseline() throws {
        let watchless = try ScenarioFiles.run("watchless-faithful.json")
        let wearer = try ScenarioFiles.run("steady-85-percent.json")
        let reported = try #require(watchless.day(10))
        let measured = try #require(wearer.day(10))
        #expect(reported.healthPhase == .baseline)
        #expect(measured.healthConfidence > reported.healthConfidence)
    }

    @Test func aWatchlessUserWhoNeverLogsStaysASchedulerAtBaselineConfidence() throws {
        let trajectory = try ScenarioFiles.run("watchless-never-logs.json")
        #expect(trajectory.days.allSatisfy { $0.trustPhase == .scheduler })
        #expect(trajectory.days.allSatisfy { $0.healthPhase == .baseline && abs($0.healthConfidence - 0.3) < 1e-9 })
        #expect(trajectory.days.flatMap(\.blocks).allSatisfy { $0.origin == .proposal })
    }
}
