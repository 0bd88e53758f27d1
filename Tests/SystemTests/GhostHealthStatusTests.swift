import Foundation
import TestPrograms
import Testing
import VigorRPC

/// `vigorctl status` of a Ghost that is not healthy: the mode never comes without why, since when and what to do.
@Suite(.removesScratchFolders, .serialized) struct GhostHealthStatusTests {
    @Test func degradedSaysWhichFailuresSinceWhenAndWhatToDoInTextAndJSON() throws {
        // One failure degrades here; an evening that cannot read its only calendar is one.
        let daemon = try DaemonHarness(label: "degraded", config: """
            [engine.ghostHealth]
            degradedAfterFailures = 1

            [[calendar.source]]
            name = "gone"
            path = "/nonexistent/gone.ics"
            """)
        try daemon.start()
        let socket = ["--socket", daemon.socketPath]
        #expect(try runCommand(Binaries.vigorctl, ["cycle", "evening"] + socket).status == 0)
        let text = try runCommand(Binaries.vigorctl, ["status"] + socket)
        #expect(text.status == 0, "\(text.stderr)")
        let lines = text.stdout.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
        let ghost = try #require(lines.firstIndex { $0.hasPrefix("ghost") && $0.hasSuffix("Degraded") }, "\(text.stdout)")
        #expect(lines[ghost + 1].hasPrefix("Degraded since 20"), "\(text.stdout)")
        #expect(lines[ghost + 2].hasPrefix("an evening could not read a calendar (once, "), "\(text.stdout)")
        #expect(lines[ghost + 2].hasSuffix("): vigorctl sources names the calendar and why it fails"), "\(text.stdout)")
        #expect(lines[ghost + 3] == "It steps back towards healthy after 3 background runs in a row succeed.", "\(text.stdout)")

        let json = try runCommand(Binaries.vigorctl, ["status", "--json"] + socket)
        let status = try JSONDecoder().decode(DaemonStatus.self, from: Data(json.stdout.utf8))
        let problem = try #require(status.ghost.ghostHealthProblem)
        #expect(problem.failures.map(\.kind) == ["calendarReadFailed"])
        #expect(problem.failures.first?.whatToDo == "vigorctl sources names the calendar and why it fails")
    }
}
