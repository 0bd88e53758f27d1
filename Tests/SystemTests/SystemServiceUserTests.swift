import Foundation
import TestPrograms
import Testing
import VigorRPC

#if canImport(Glibc)
import Glibc
#endif

private let setprivTool = Binaries.tool("setpriv")

/// The system service runs as a dynamic user (DynamicUser=yes): a uid that is not root, the home `/` (read-only
/// under ProtectSystem=strict) and `$STATE_DIRECTORY=/var/lib/vigor`. This runs vigord the same way, without systemd.
@Test(.removesScratchFolders, .enabled(if: TestTools.asRoot(["setpriv"]), "root-only: needs root (and setpriv) to run vigord as another user"))
func theSystemServicesDynamicUserKeepsItsCalendarAndInboxInTheStateFolder() throws {
    let state = "/var/lib/vigor-test-" + UUID().uuidString.prefix(8)
    let folder = try makeScratchFolder("dynamic-user")
    try FileManager.default.createDirectory(atPath: state, withIntermediateDirectories: false, attributes: [.posixPermissions: 0o700])
    defer { try? FileManager.default.removeItem(atPath: state) }
    #expect(chown(state, 65534, 65534) == 0)
    chmod(folder, 0o777)
    let socket = folder + "/vigord.sock"
    let notify = try NotifySocket(folder: folder)
    chmod(notify.path, 0o777)

    let log = folder + "/vigord.log"
    let daemon = try ChildProcess(
        executable: setprivTool ?? "",
        arguments: [
            "--reuid=65534", "--regid=65534", "--clear-groups", "env", "-i", "HOME=/", "STATE_DIRECTORY=\(state)", "PATH=/usr/bin:/bin",
            "NOTIFY_SOCKET=\(notify.path)", "VIGORD_TEST_HOOKS=1", "VIGORD_CLOCK_START=\(TestNow.text(try TestNow.instant))",
            Binaries.vigord, "--config", "/dev/null", "--socket", socket,
        ],
        standardError: .newFile(path: log, mode: 0o644), newProcessGroup: true)
    defer {
        daemon.signal(SIGKILL)
        daemon.waitForExit()
    }
    let ready = notify.waitFor("READY=1", timeout: 60)
    let text = (try? String(contentsOfFile: log, encoding: .utf8)) ?? ""
    try #require(ready, "vigord did not come up as a dynamic user:\n\(text)")
    _ = try RPCConnection(socketPath: socket, timeoutSeconds: 5).call(StatusMethod.self, NoParams())
    // The red button writes a block into vigord's own calendar: it lands under the state folder.
    let pressed = try RPCConnection(socketPath: socket, timeoutSeconds: 5).call(EmergencyActivateMethod.self, .init(minutes: 5))
    let blockFile = try #require(pressed.blockFile)
    #expect(blockFile.hasPrefix(state + "/calendars/"), "\(blockFile)")
    #expect(FileManager.default.fileExists(atPath: blockFile))
    #expect(FileManager.default.fileExists(atPath: state + "/vigor.sqlite"))
    #expect(FileManager.default.fileExists(atPath: state + "/inbox"))
    #expect(!text.contains("error"), "\(text)")
}
