import Foundation
import TestPrograms
import Testing
import VigorRPC

@Suite(.removesScratchFolders, .serialized) struct PurgeTests {
    /// The engine rules stored with the Ghost, read back through `vigorctl export`.
    private func exportedRules(_ daemon: DaemonHarness) throws -> [String: JSONValue] {
        let export = try runCommand(Binaries.vigorctl, ["export", "--socket", daemon.socketPath])
        #expect(export.status == 0, "\(export.stderr)")
        let document = try JSONParser.parse(Data(export.stdout.utf8))
        return try #require(document.objectValue?["ghost"]?.objectValue?["rules"]?.objectValue)
    }

    @Test func engineOverridesOfTheConfigFileStayInForceAfterAPurge() throws {
        let daemon = try DaemonHarness(label: "purge-rules", config: """
            [engine.trust]
            autonomous_action_base_threshold = 0.2
            [engine.breaker]
            consecutive_deletions = 5
            """)
        try daemon.start()
        let socket = ["--socket", daemon.socketPath]
        #expect(try runCommand(Binaries.vigorctl, ["trust", "set", "transformer"] + socket).status == 0)

        let purge = try runCommand(Binaries.vigorctl, ["purge", "--yes"] + socket)
        #expect(purge.status == 0, "\(purge.stderr)")
        #expect(purge.stdout.contains("starts over as Observer"))

        let rules = try exportedRules(daemon)
        #expect(rules["trust"]?.objectValue?["autonomousActionBaseThreshold"] == .double(0.2))
        #expect(rules["breaker"]?.objectValue?["consecutiveDeletions"] == .integer(5))
        let status = try daemon.connect().call(StatusMethod.self, NoParams())
        #expect(status.ghost.trustPhase == "observer")

    }
}
