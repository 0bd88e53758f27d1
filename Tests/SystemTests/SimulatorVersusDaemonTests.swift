import Foundation
import TestPrograms
import Testing

/// The simulator and vigord run the same planner and engine: a 30-day scenario run by `vigor-sim` and replayed against
/// the real vigord (real socket and calendar file, its test clock moved to every step, the user's answers, check-ins,
/// logged workouts and readings sent as `vigorctl` commands) gives the same blocks, trust phase, trust score and health
/// phase every day. `vigor-sim versus-daemon` does the replay and the comparison, as `Scripts/sim-vs-daemon` does.
@Suite(.removesScratchFolders) struct SimulatorVersusDaemonTests {
    @Test func thirtyDaysOfTheScenarioAgreeWithVigordEveryDay() throws {
        let sim = URL(fileURLWithPath: Binaries.vigord).deletingLastPathComponent().appendingPathComponent("vigor-sim").path
        let result = try runCommand(
            sim, ["versus-daemon", Repository.path("Fixtures/differential/office-30-days.json"), "--vigord", Binaries.vigord,
                  "--vigorctl", Binaries.vigorctl], timeout: 300)
        #expect(result.status == 0, "vigor-sim versus-daemon said:\n\(result.stdout)\(result.stderr)")
        #expect(result.stdout.contains("days compared: 30\ndays equal: 30\n"), "\(result.stdout)")
    }
}
