import Foundation
import TestPrograms
import Testing
import VigorRPC

/// The simulator and vigord run the same planner and engine: a 30-day scenario run by `vigor-sim` and replayed against
/// the real vigord (real socket and calendar file, its test clock moved to every step, the user's answers, check-ins,
/// logged workouts and readings sent as `vigorctl` commands) gives the same blocks, trust phase, trust score and health
/// phase every day. `vigor-sim versus-daemon` does the replay and the comparison, as `Scripts/sim-vs-daemon` does.
@Suite(.removesScratchFolders) struct SimulatorVersusDaemonTests {
    @Test func thirtyDaysOfTheScenarioAgreeWithVigordEveryDay() throws {
        let sim = URL(fileURLWithPath: Binaries.vigord).deletingLastPathComponent().appendingPathComponent("vigor-sim").path
        // test clock: vigor-sim's replay starts vigord on its test-hook clock at the scenario's first day.
        let result = try runCommand(
            sim, ["versus-daemon", Repository.path("Fixtures/differential/office-30-days.json"), "--vigord", Binaries.vigord,
                  "--vigorctl", Binaries.vigorctl], timeout: 300)
        #expect(result.status == 0, "vigor-sim versus-daemon said:\n\(result.stdout)\(result.stderr)")
        #expect(result.stdout.contains("days compared: 30\ndays equal: 30\n"), "\(result.stdout)")
        // Equal days are worth something only when there was something to place: the simulator's own run of the
        // scenario (the side vigord agreed with) has blocks on most of its days, and not only proposals.
        let trajectory = try runCommand(sim, [Repository.path("Fixtures/differential/office-30-days.json"), "--json"])
        #expect(trajectory.status == 0, "\(trajectory.stderr)")
        guard case .array(let days)? = try JSONParser.parse(Data(trajectory.stdout.utf8)).objectValue?["days"] else {
            Issue.record("vigor-sim --json printed no days: \(trajectory.stdout.prefix(500))")
            return
        }
        let blocks = days.map { day -> [JSONValue] in
            guard case .array(let list)? = day.objectValue?["blocks"] else { return [] }
            return list
        }
        #expect(days.count == 30)
        #expect(blocks.filter { !$0.isEmpty }.count >= 10, "days with a block: \(blocks.map(\.count))")
        let statuses = Set(blocks.joined().compactMap { $0.objectValue?["status"]?.stringValue })
        #expect(statuses.contains("completed"), "block statuses: \(statuses.sorted())")
    }

    /// Shipped scenarios that together take every kind of step the shipped ones take (deletions, meetings landing,
    /// unreadable evenings, travel, kept and reverted changes, detected and logged workouts, check-ins, weekly busy time,
    /// the weekly receipt's "plan N?" answered;
    /// `ShippedScenarioStepsTests` checks the cover). All fourteen take about five minutes on this 2-core machine:
    /// `Scripts/sim-vs-daemon` replays them all.
    static let replayed = [
        "breaker-three-deletions.json", "changing-week.json", "default-settings.json", "sacred-weekend-lunch.json",
        "transformation-mornings.json", "travel-days.json", "watchless-faithful.json",
    ]

    @Test(arguments: replayed)
    func aShippedScenarioAgreesWithVigordEveryDay(name: String) throws {
        let sim = URL(fileURLWithPath: Binaries.vigord).deletingLastPathComponent().appendingPathComponent("vigor-sim").path
        // test clock: vigor-sim's replay starts vigord on its test-hook clock at the scenario's first day.
        let result = try runCommand(
            sim, ["versus-daemon", Repository.path("Fixtures/scenarios/\(name)"), "--vigord", Binaries.vigord, "--vigorctl", Binaries.vigorctl],
            timeout: 300)
        #expect(result.status == 0, "vigor-sim versus-daemon \(name) said:\n\(result.stdout)\(result.stderr)")
        let counts = result.stdout.split(separator: "\n").compactMap { line -> Int? in
            guard line.hasPrefix("days compared: ") || line.hasPrefix("days equal: ") else { return nil }
            return Int(line.split(separator: " ").last ?? "")
        }
        #expect(counts.count == 2 && counts[0] > 0 && counts[0] == counts[1], "\(result.stdout)")
    }
}
