import Foundation
import GhostSimulation
import Testing
import TestPrograms

/// Runs the built `vigor-sim` binary, as a user would.
@Suite(.removesScratchFolders)
struct VigorSimCommandTests {
    struct Outcome {
        let status: Int32
        let output: String
        let errors: String
    }

    /// The `vigor-sim` built next to the test runner.
    static let binary = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        .appendingPathComponent("vigor-sim")

    func run(_ arguments: [String]) throws -> Outcome {
        let result = try runProgram(Self.binary.path, arguments)
        return Outcome(status: result.status, output: result.stdout, errors: result.stderr)
    }

    func scenarioPath(_ name: String) -> String {
        ScenarioFiles.directory.appendingPathComponent(name).path
    }

    @Test func printsTheTextTrajectoryAndExitsZero() throws {
        let outcome = try run([scenarioPath("breaker-three-deletions.json")])
        #expect(outcome.status == 0)
        #expect(outcome.output == (try ScenarioFiles.run("breaker-three-deletions.json").text()))
    }

    @Test func jsonFlagPrintsJSON() throws {
        let outcome = try run([scenarioPath("travel-days.json"), "--json"])
        #expect(outcome.status == 0)
        #expect(outcome.output == (try ScenarioFiles.run("travel-days.json").jsonText()))
    }

    @Test func missingFileSaysSoAndExitsNonZero() throws {
        let outcome = try run(["/nonexistent/scenario.json"])
        #expect(outcome.status != 0)
        #expect(outcome.errors.contains("scenario file '/nonexistent/scenario.json' cannot be read"))
    }

    @Test func invalidScenarioNamesTheKeyPathAndExitsNonZero() throws {
        let file = URL(fileURLWithPath: try ScratchFolder.make("sim-invalid") + "/invalid.json")
        try Data(#"{"name":"x","startDate":"2026-03-02","days":5,"timeZone":"UTC","seed":1}"#.utf8)
            .write(to: file)
        let outcome = try run([file.path])
        try FileManager.default.removeItem(at: file)
        #expect(outcome.status != 0)
        #expect(outcome.errors.contains("is not a valid scenario: completion: is missing"))
    }

    @Test func aSettingTheDaemonWouldRefuseNamesItsLineInTheScenariosConfig() throws {
        let file = URL(fileURLWithPath: try ScratchFolder.make("sim-config") + "/config.json")
        let scenario = #"{"name":"x","startDate":"2026-03-02","days":5,"timeZone":"UTC","seed":1,"completion":{"rate":1},"#
            + #""config":["[training]","sessions_per_week = 30"]}"#
        try Data(scenario.utf8).write(to: file)
        let outcome = try run([file.path])
        try FileManager.default.removeItem(at: file)
        #expect(outcome.status != 0)
        #expect(outcome.errors.contains("config:2: key 'training.sessions_per_week': must be between 0 and 14; got 30"))
    }

    @Test func aScenariosCalendarIsReadByTheCalendarModuleAndPlannedAround() throws {
        let file = URL(fileURLWithPath: try ScratchFolder.make("sim-ics") + "/ics.json")
        let ics = [
            "BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//test//EN",
            "BEGIN:VEVENT", "UID:standup", "DTSTAMP:20260301T000000Z", "DTSTART;TZID=Europe/Berlin:20260302T070000",
            "DTEND;TZID=Europe/Berlin:20260302T080000", "RRULE:FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR", "SUMMARY:Standup", "END:VEVENT",
            "BEGIN:VEVENT", "UID:flight", "DTSTAMP:20260301T000000Z", "DTSTART;VALUE=DATE:20260319",
            "DTEND;VALUE=DATE:20260320", "SUMMARY:Flight to Lisbon", "END:VEVENT",
            "END:VCALENDAR",
        ]
        let scenario: [String: Any] = [
            "name": "calendar", "startDate": "2026-03-02", "days": 21, "timeZone": "Europe/Berlin", "seed": 3,
            "completion": ["rate": 1], "manualPhaseChanges": [["day": 1, "phase": "scheduler"]],
            "config": ["[training]", "sessions_per_week = 7", "min_hours_between_sessions = 0", "preferred = [\"07:00-10:00\"]",
                       "[engine.slots]", "step_minutes = 60"],
            "calendars": [["name": "work", "ics": ics]],
        ]
        try JSONSerialization.data(withJSONObject: scenario).write(to: file)
        let outcome = try run([file.path, "--json"])
        try FileManager.default.removeItem(at: file)
        #expect(outcome.status == 0, "\(outcome.errors)")
        let trajectory = try JSONDecoder().decode(Trajectory.self, from: Data(outcome.output.utf8))
        // Weekdays: the standup and its 10-minute buffer leave 09:00 as the first hour; weekends: sacred until 09:00.
        for record in trajectory.days where record.day > 1 && record.date != "2026-03-19" {
            #expect(record.blocks.map(\.start) == ["09:00"], "day \(record.day)")
        }
        // The all-day flight makes Thursday 19 March a travel day.
        #expect(trajectory.days.first { $0.date == "2026-03-19" }?.blocks.isEmpty == true)
    }

    @Test func simulationDocsSampleIsWhatTheSimulatorPrints() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let page = try String(contentsOf: root.appendingPathComponent("Docs/simulation.md"), encoding: .utf8)
        let section = try #require(page.components(separatedBy: "## A week that changes under its blocks").dropFirst().first)
        let sample = try #require(section.components(separatedBy: "```").dropFirst().first)
        let shown = sample.split(separator: "\n").map(String.init).filter { !$0.isEmpty }
        #expect(shown.count > 5)
        let output = try run([scenarioPath("changing-week.json")]).output
        let printed = Set(output.split(separator: "\n").map { String($0.reversed().drop { $0 == " " }.reversed()) })
        let stale = shown.filter { !printed.contains($0) }
        #expect(stale.isEmpty, "Docs/simulation.md shows lines vigor-sim does not print:\n\(stale.joined(separator: "\n"))")
    }

    /// A scenario file of `days` days from 2 March 2026 in Berlin, with `extra` keys.
    func scenarioFile(_ label: String, days: Int, extra: String = "") throws -> URL {
        let file = URL(fileURLWithPath: try ScratchFolder.make(label) + "/scenario.json")
        let scenario = #"{"name":"x","startDate":"2026-03-02","days":\#(days),"timeZone":"Europe/Berlin","seed":1,"completion":{"rate":1}"#
            + extra + "}"
        try Data(scenario.utf8).write(to: file)
        return file
    }

    @Test func versusDaemonRefusesAScenarioInWhichNoBlockWasPlaced() throws {
        // An Observer of three days places nothing: equal empty days would prove nothing. Refused before vigord starts.
        let file = try scenarioFile("sim-no-block", days: 3)
        let outcome = try run(["versus-daemon", file.path, "--vigord", "/nonexistent/vigord"])
        #expect(outcome.status != 0)
        #expect(outcome.errors.contains("the simulator placed no block in 3 days, so there is nothing to compare"), "\(outcome.errors)")
    }

    @Test func versusDaemonRefusesAFailedNotificationAndSaysWhat() throws {
        // A notification that fails to be delivered has no honest command or file change that makes vigord fail it. A
        // Scheduler planning every day has a proposal to deliver each evening, so the failure happens.
        let file = try scenarioFile(
            "sim-notification", days: 14,
            extra: #","manualPhaseChanges":[{"day":1,"phase":"scheduler"}],"config":"[training]\nsessions_per_week = 7\n","notificationFailureDays":[3,4,5]"#)
        let outcome = try run(["versus-daemon", file.path, "--vigord", "/nonexistent/vigord"])
        #expect(outcome.status != 0)
        #expect(outcome.errors.contains("a notification that could not be delivered"), "\(outcome.errors)")
        #expect(outcome.errors.contains("cannot be replayed against vigord yet"))
    }

    @Test func helpDescribesTheArguments() throws {
        let outcome = try run(["run", "--help"])
        #expect(outcome.status == 0)
        #expect(outcome.output.contains("USAGE: vigor-sim run <scenario> [--json]"))
        let population = try run(["population", "--help"])
        #expect(population.output.contains("USAGE: vigor-sim population --users <users> --days <days> --seed <seed>"))
    }

    @Test func aPopulationWithTheSameSeedGivesTheSameReportAndOtherSeedsAnother() throws {
        let arguments = ["population", "--users", "4", "--days", "21", "--json"]
        let first = try run(arguments + ["--seed", "11"])
        let again = try run(arguments + ["--seed", "11"])
        let other = try run(arguments + ["--seed", "12"])
        #expect(first.status == 0, "\(first.errors)")
        #expect(first.output == again.output)
        #expect(first.output != other.output)
        let comparison = try JSONDecoder().decode(PopulationComparison.self, from: Data(first.output.utf8))
        #expect(comparison.models.map(\.model) == ["pessimistic", "central", "optimistic"])
        for report in comparison.models {
            #expect(report.users == 4)
            #expect(report.phaseCounts.count == 21)
            #expect(report.metrics.allSatisfy { metric in metric.value == nil || metric.interval != nil })
        }
    }

    @Test func populationPrintsTheSevenMetricsAndWritesThePhasePicture() throws {
        let picture = URL(fileURLWithPath: try ScratchFolder.make("sim-phases") + "/phases.svg")
        let outcome = try run(["population", "--users", "2", "--days", "10", "--seed", "3", "--model", "central", "--svg", picture.path])
        let svg = try String(contentsOf: picture, encoding: .utf8)
        try FileManager.default.removeItem(at: picture)
        #expect(outcome.status == 0, "\(outcome.errors)")
        for name in ["time to first magic", "interactions per week", "proactive share", "zero-input share",
                     "share at Auto-Scheduler or higher on day 30", "share that spent time outside healthy ghost health",
                     "30-day retention", "time to first proposal on the desktop", "model central"] {
            #expect(outcome.output.contains(name))
        }
        #expect(svg.hasPrefix("<?xml"))
        #expect(svg.contains("<polygon"))
    }

    @Test func aBrokenProfilesFileNamesTheKeyAndExitsNonZero() throws {
        let file = URL(fileURLWithPath: try ScratchFolder.make("sim-profiles") + "/profiles.json")
        try Data(#"{"startDate":"2026-03-02","timeZone":"Mars/Olympus"}"#.utf8).write(to: file)
        let outcome = try run(["population", "--users", "1", "--days", "5", "--seed", "1", "--profiles", file.path])
        try FileManager.default.removeItem(at: file)
        #expect(outcome.status != 0)
        #expect(outcome.errors.contains("is not a valid profiles file: calendars: is missing"), "\(outcome.errors)")
    }
}
