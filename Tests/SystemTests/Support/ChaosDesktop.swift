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
    private let xvfb: ReadyTool
    private let display: String
    private var bus: ReadyTool?
    private var dunst: ChildProcess?

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
        xvfb = try ReadyLine.start("Xvfb", ["-displayfd", "1", "-screen", "0", "640x480x24", "-nolisten", "tcp"])
        display = ":" + xvfb.line
        try start()
    }

    deinit {
        kill()
        xvfb.process.stop()
    }

    /// Starts the bus and dunst; returns once dunst owns its name on the bus.
    func start() throws {
        unlink(folder + "/bus")
        bus = try ReadyLine.start("dbus-daemon", ["--config-file=\(folder)/bus.conf", "--nofork", "--print-address=1"])
        var environment = ProcessInfo.processInfo.environment
        environment["DBUS_SESSION_BUS_ADDRESS"] = address
        environment["DISPLAY"] = display
        dunst = try ChildProcess(
            executable: ReadyLine.onPath("dunst") ?? "dunst", arguments: [], environment: environment, newProcessGroup: true)
        let waited = try runProgram(
            ReadyLine.onPath("gdbus") ?? "gdbus", ["wait", "--session", "--timeout", "30", "org.freedesktop.Notifications"],
            environment: environment)
        guard waited.status == 0 else { throw Failure(description: "dunst did not come up: \(waited.stderr)") }
    }

    /// The notification server is gone: the bus and dunst are killed.
    func kill() {
        for process in [bus?.process, dunst].compactMap({ $0 }) {
            process.signal(SIGKILL)
            process.waitForExit()
        }
        bus = nil
        dunst = nil
    }

}
