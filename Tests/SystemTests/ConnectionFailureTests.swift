import Foundation
import TestPrograms
import Testing

/// When vigord cannot answer, vigorctl says what happened and what to run, in one line, with exit status 3:
/// a socket that accepts and closes (systemd's socket when vigord failed to start), a refused one, a missing one.
@Suite(.removesScratchFolders)
struct ConnectionFailureTests {
    private let diagnosis = ["`systemctl --user status vigord`", "`journalctl --user -u vigord`", "`vigord --check-config`"]

    @Test func aSocketThatAcceptsAndClosesIsAVigordThatDidNotAnswer() throws {
        let folder = try makeScratchFolder("accept-close")
        let server = try ScriptedSocket(path: folder + "/vigord.sock", behaviour: .acceptAndClose)
        let result = try runCommand(Binaries.vigorctl, ["status", "--socket", server.path])
        #expect(result.status == 3, "\(result.stderr)")
        #expect(result.stderr.hasPrefix("vigorctl: vigord did not answer at \(server.path)"), "\(result.stderr)")
        #expect(result.stderr.contains("it may have failed to start"))
        for command in diagnosis { #expect(result.stderr.contains(command), "\(result.stderr)") }
        #expect(!result.stderr.contains("Connection reset by peer") && result.stderr.split(separator: "\n").count == 1)
        withExtendedLifetime(server) {}
    }

    @Test func aRefusedConnectionSaysHowToStartAndHowToSeeWhyNot() throws {
        let folder = try makeScratchFolder("refused")
        try makeRefusingSocket(at: folder + "/vigord.sock")
        let result = try runCommand(Binaries.vigorctl, ["status", "--socket", folder + "/vigord.sock"])
        #expect(result.status == 3, "\(result.stderr)")
        #expect(result.stderr.contains("vigord is not running (connection refused at \(folder)/vigord.sock)"), "\(result.stderr)")
        #expect(result.stderr.contains("`systemctl --user start vigord.socket`"))
        for command in diagnosis { #expect(result.stderr.contains(command), "\(result.stderr)") }
    }

    @Test func aMissingSocketSaysHowToStartAndHowToSeeWhyNot() throws {
        let folder = try makeScratchFolder("missing")
        let result = try runCommand(Binaries.vigorctl, ["status", "--socket", folder + "/vigord.sock"])
        #expect(result.status == 3, "\(result.stderr)")
        #expect(result.stderr.contains("vigord is not running (no socket at \(folder)/vigord.sock)"), "\(result.stderr)")
        for command in diagnosis { #expect(result.stderr.contains(command), "\(result.stderr)") }
    }

    @Test func theSystemSocketPointsAtTheSystemService() throws {
        let result = try runCommand(Binaries.vigorctl, ["status", "--socket", "/run/vigor/absent-\(UUID().uuidString).sock"])
        #expect(result.status == 3)
        #expect(result.stderr.contains("`systemctl status vigord`") && result.stderr.contains("`journalctl -u vigord`"), "\(result.stderr)")
    }
}
