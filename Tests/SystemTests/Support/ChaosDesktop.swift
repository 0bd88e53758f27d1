import Foundation
import TestPrograms

#if canImport(Glibc)
import Glibc
#endif

/// The notification server the chaos week takes away: a session `dbus-daemon` listening on a fixed path (so a restarted
/// one has the address vigord knows) with dunst on it, on an Xvfb display of its own. `kill()` ends the bus and dunst
/// (SIGKILL); `start()` brings both back.
final class ChaosDesktop {
    static let tools = ["Xvfb", "dbus-daemon", "dunst", "gdbus"]
    static var available: Bool { tools.allSatisfy { ReadyLine.onPath($0) != nil } }

    let folder: String
    var address: String { "unix:path=\(folder)/bus" }
    private let xvfb: Process
    private let display: String
    private var server: [Process] = []

    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    init(folder: String) throws {
        self.folder = folder
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        try """
            <!DOCTYPE busconfig PUBLIC "-//freedesktop//DTD D-Bus Bus Configuration 1.0//EN"
             "http://www.freedesktop.org/standards/dbus/1.0/busconfig.dtd">
            <busconfig>
              <type>session</type>
              <listen>unix:path=\(folder)/bus</listen>
              <policy context="default">
                <allow send_destination="*" eavesdrop="true"/>
                <allow eavesdrop="true"/>
                <allow own="*"/>
              </policy>
            </busconfig>
            """.write(toFile: folder + "/bus.conf", atomically: true, encoding: .utf8)
        let (process, line) = try ReadyLine.start("Xvfb", ["-displayfd", "1", "-screen", "0", "640x480x24", "-nolisten", "tcp"])
        xvfb = process
        display = ":" + line
        try start()
    }

    deinit {
        kill()
        xvfb.stop()
    }

    /// Starts the bus and dunst; returns once dunst owns its name on the bus.
    func start() throws {
        unlink(folder + "/bus")
        let (bus, _) = try ReadyLine.start("dbus-daemon", ["--config-file=\(folder)/bus.conf", "--nofork", "--print-address=1"])
        server.append(bus)
        var environment = ProcessInfo.processInfo.environment
        environment["DBUS_SESSION_BUS_ADDRESS"] = address
        environment["DISPLAY"] = display
        let dunst = Process()
        dunst.executableURL = URL(fileURLWithPath: ReadyLine.onPath("dunst") ?? "dunst")
        dunst.environment = environment
        dunst.standardOutput = FileHandle.nullDevice
        dunst.standardError = FileHandle.nullDevice
        try dunst.run()
        server.append(dunst)
        let waited = try runProgram(
            ReadyLine.onPath("gdbus") ?? "gdbus", ["wait", "--session", "--timeout", "30", "org.freedesktop.Notifications"],
            environment: environment)
        guard waited.status == 0 else { throw Failure(description: "dunst did not come up: \(waited.stderr)") }
    }

    /// The notification server is gone: the bus and dunst are killed.
    func kill() {
        for process in server where process.isRunning {
            Glibc.kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
        }
        server = []
    }

}
