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

    @Test func anExportFileIsReadableByItsOwnerOnlyAndNeverWrittenThroughALink() throws {
        let daemon = try DaemonHarness(label: "export-file")
        try daemon.start()
        let file = daemon.folder + "/backup.json"
        let written = try runCommand(Binaries.vigorctl, ["export", "--output", file, "--socket", daemon.socketPath])
        #expect(written.status == 0, "\(written.stderr)")
        #expect(written.stdout.contains("Wrote ") && written.stdout.contains("readable by you only"))
        #expect(try FileManager.default.attributesOfItem(atPath: file)[.posixPermissions] as? Int == 0o600)
        #expect(try JSONParser.parse(Data(contentsOf: URL(fileURLWithPath: file))).objectValue?["ghost"] != nil)
        // A link planted where the file goes is replaced, and what it pointed at is left alone.
        let target = daemon.folder + "/elsewhere.txt"
        try "kept\n".write(toFile: target, atomically: false, encoding: .utf8)
        try FileManager.default.removeItem(atPath: file)
        try FileManager.default.createSymbolicLink(atPath: file, withDestinationPath: target)
        #expect(try runCommand(Binaries.vigorctl, ["export", "--output", file, "--socket", daemon.socketPath]).status == 0)
        #expect(try String(contentsOfFile: target, encoding: .utf8) == "kept\n")
        #expect(try FileManager.default.attributesOfItem(atPath: file)[.type] as? FileAttributeType == .typeRegular, "the link was replaced by the file")
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
