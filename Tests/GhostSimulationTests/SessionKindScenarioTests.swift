import Foundation
import GhostSimulation
import TestPrograms
import Testing

/// The simulator plans with the daemon's kind rule: the same scenario's `[profile]` changes the kinds it places.
@Suite(.removesScratchFolders)
struct SessionKindScenarioTests {
    /// The steady scenario with `profile` appended to its configuration.
    private func steady(_ profile: String) throws -> Trajectory {
        var scenario = try ScenarioFiles.load("steady-85-percent.json")
        scenario.config += "\n[profile]\n" + profile + "\n"
        return try ScenarioFiles.simulator(scenario).run()
    }

    @Test func aSimulatedKneeInjuryNeverGetsARunAndEveryBlockHasAKind() throws {
        let blocks = try steady("injuries = [\"left knee\"]").days.flatMap(\.blocks)
        #expect(blocks.count > 20)
        let kinds = blocks.map { $0.kind?.rawValue ?? "none" }
        #expect(!kinds.contains("none") && !kinds.contains("run") && !kinds.contains("ride"), "\(kinds)")
        let healthy = try steady("injuries = []").days.flatMap(\.blocks)
        #expect(healthy.contains { $0.kind?.rawValue == "run" })
    }

    @Test func aSimulatedUserWhoseInjuriesRuleOutEveryKindGetsNoBlock() throws {
        let trajectory = try steady("injuries = [\"ankle\", \"wrist\"]")
        #expect(trajectory.days.flatMap(\.blocks).isEmpty)
    }
}
