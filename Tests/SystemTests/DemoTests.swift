import Foundation
import TestPrograms
import Testing
import VigorRPC

private let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().path

/// The bundled demo configuration, run by the real daemon, answered through the real CLI.
@Suite(.removesScratchFolders, .serialized) struct DemoTests {
    let daemon: DaemonHarness

    init() throws {
        // The team vdir the demo drops its meeting into; Scripts/demo creates it, so may a test.
        try FileManager.default.createDirectory(atPath: repository + "/.demo/team", withIntermediateDirectories: true)
        daemon = try DaemonHarness(label: "demo", arguments: ["--config", repository + "/Fixtures/demo/config.toml"])
        try daemon.start()
    }

    @Test func demoSourcesAllLoad() throws {
        let result = try runCommand(Binaries.vigorctl, ["sources", "--json", "--socket", daemon.socketPath])
        #expect(result.status == 0)
        let sources = try JSONDecoder().decode(CalendarSourcesMethod.Result.self, from: Data(result.stdout.utf8)).sources
        #expect(sources.map(\.name) == ["google", "work", "personal", "team"])
        #expect(sources.allSatisfy { $0.ok })
        #expect(sources.map(\.kind) == ["file", "file", "vdir", "vdir"])
    }

    @Test func busyShowsEveryProducersEventsInTheUsersZone() throws {
        let result = try runCommand(
            Binaries.vigorctl, ["busy", "--from", "2026-03-24", "--to", "2026-03-25", "--json", "--socket", daemon.socketPath])
        #expect(result.status == 0)
        let busy = try JSONDecoder().decode(CalendarBusy.self, from: Data(result.stdout.utf8))
        let causes = Set(busy.intervals.flatMap(\.sources).map(\.source))
        #expect(causes == ["google", "work", "personal"])
        #expect(busy.intervals.allSatisfy { $0.start.offsetSeconds == 3600 })
        let human = try runCommand(
            Binaries.vigorctl, ["busy", "--from", "2026-03-24", "--to", "2026-03-25", "--socket", daemon.socketPath])
        #expect(human.stdout.contains("Dentist (personal)"))
    }
}
