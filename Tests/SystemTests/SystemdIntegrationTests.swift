import Foundation
import Testing
import TestPrograms
import VigorRPC

#if canImport(Glibc)
import Glibc
#endif

private let socketActivateTool = Binaries.tool("systemd-socket-activate")
private let setprivTool = Binaries.tool("setpriv")

@Test(.removesScratchFolders, .enabled(if: TestTools.runnable(["systemd-socket-activate"]), "systemd-socket-activate is not installed (apt-get install systemd)"))
func daemonAnswersThroughTheSocketSystemdPasses() throws {
    let folder = try makeScratchFolder("activate")
    let socketPath = folder + "/activated.sock"
    let notify = try NotifySocket(folder: folder)
    let stderr = Pipe()
    let activator = try ChildProcess(
        executable: socketActivateTool ?? "",
        arguments: [
            "--listen=\(socketPath)", "-E", "NOTIFY_SOCKET=\(notify.path)", "-E", "HOME=\(folder)",
            "-E", "VIGORD_TEST_HOOKS=1", "-E", "VIGORD_CLOCK_START=\(TestNow.text(try TestNow.instant))",
            Binaries.vigord, "--config", "/dev/null", "--state-dir", folder + "/state",
        ],
        standardError: .descriptor(stderr.fileHandleForWriting.fileDescriptor), newProcessGroup: true)
    try stderr.fileHandleForWriting.close()
    defer { activator.stop() }
    // systemd-socket-activate announces "Listening on ..." once the socket exists.
    _ = try stderr.read(until: "Listening on")
    let status = try RPCConnection(socketPath: socketPath, timeoutSeconds: 30).call(StatusMethod.self, NoParams())
    #expect(status.socketOrigin == "systemd")
    #expect(status.socket == socketPath)
    #expect(notify.waitFor("READY=1"))
}

@Test(.removesScratchFolders, .enabled(if: TestTools.asRoot(["setpriv"]), "root-only: needs root (and setpriv) to connect as another user"))
func clientOfAnotherUserIsRefusedAndLogged() throws {
    let daemon = try DaemonHarness(label: "peercred")
    try daemon.start()
    // Open the file permissions so only the peer-credential check stands in the way.
    chmod(daemon.folder + "/run", 0o755)
    chmod(daemon.socketPath, 0o666)
    let result = try runCommand(setprivTool ?? "", [
        "--reuid=65534", "--regid=65534", "--clear-groups", Binaries.vigorctl, "status", "--socket", daemon.socketPath,
    ])
    #expect(result.status == 1)
    #expect(result.stderr.contains("Permission denied: uid 65534"))
    #expect(try daemon.connect().call(StatusMethod.self, NoParams()).pid == daemon.pid)
    daemon.signal(SIGTERM)
    _ = daemon.waitForExit()
    #expect(daemon.log.contains("refused a connection from another user"))
    #expect(daemon.log.contains("peer-uid=65534"))
}
