import Foundation
import Testing
import TestPrograms

/// A private desktop for one test: an Xvfb display, a session `dbus-daemon` of its own and dunst as the
/// notification server on it. `click` presses a button the way a user does, through dunst's context menu,
/// whose `dmenu` is a script that picks the action named. Everything stops with `stop()`.
final class DesktopSession {
    /// The programs it needs (Scripts/bootstrap installs them).
    static let tools = ["Xvfb", "dbus-daemon", "dunst", "dunstctl", "gdbus"]
    static let available = tools.allSatisfy { ReadyLine.onPath($0) != nil }
    /// Scripts/test installs the tools and sets VIGOR_REQUIRE_TEST_TOOLS=1: there a missing one fails the tests, never skips them.
    static let required = ProcessInfo.processInfo.environment["VIGOR_REQUIRE_TEST_TOOLS"] == "1"

    let folder: String
    let address: String
    let display: String
    private var processes: [ChildProcess] = []
    /// The tools that printed a ready line, whose output stays open while they run.
    private var readyTools: [ReadyTool] = []

    /// Starts the display and the bus; `server: false` leaves the bus without a notification server.
    init(server: Bool = true) throws {
        let missing = Self.tools.filter { ReadyLine.onPath($0) == nil }
        guard missing.isEmpty else { throw DesktopSessionError("missing \(missing.joined(separator: ", ")) (Scripts/bootstrap installs them)") }
        folder = try ScratchFolder.make("desktop")
        let config = """
            <!DOCTYPE busconfig PUBLIC "-//freedesktop//DTD D-Bus Bus Configuration 1.0//EN"
             "http://www.freedesktop.org/standards/dbus/1.0/busconfig.dtd">
            <busconfig>
              <type>session</type>
              <listen>unix:dir=\(folder)</listen>
              <policy context="default">
                <allow send_destination="*" eavesdrop="true"/>
                <allow eavesdrop="true"/>
                <allow own="*"/>
              </policy>
            </busconfig>
            """
        try config.write(toFile: folder + "/bus.conf", atomically: true, encoding: .utf8)
        let bus = try ReadyLine.start("dbus-daemon", ["--config-file=\(folder)/bus.conf", "--nofork", "--print-address=1"])
        readyTools.append(bus)
        processes.append(bus.process)
        address = bus.line
        let xvfb = try ReadyLine.start("Xvfb", ["-displayfd", "1", "-screen", "0", "640x480x24", "-nolisten", "tcp"])
        readyTools.append(xvfb)
        processes.append(xvfb.process)
        display = ":\(xvfb.line)"
        guard server else { return }
        try """
            #!/bin/sh
            cat > "\(folder)/menu"
            grep -m1 -F ",$(cat "\(folder)/choice")]" "\(folder)/menu"
            """.write(toFile: folder + "/pick", atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: folder + "/pick")
        // Notifications stay until they are answered or closed: what a test counts must not expire while a loaded
        // machine gets there (dunst's default is 10 s).
        try "[global]\ndmenu = \(folder)/pick\n[urgency_low]\ntimeout = 0\n[urgency_normal]\ntimeout = 0\n[urgency_critical]\ntimeout = 0\n"
            .write(toFile: folder + "/dunstrc", atomically: true, encoding: .utf8)
        let dunst = try ChildProcess(
            executable: ReadyLine.onPath("dunst") ?? "dunst", arguments: ["-config", folder + "/dunstrc"], environment: environment,
            newProcessGroup: true)
        processes.append(dunst)
        // Returns once dunst owns its name on the bus.
        let waited = try run("gdbus", ["wait", "--session", "--timeout", "30", "org.freedesktop.Notifications"])
        guard waited.status == 0 else { throw DesktopSessionError("dunst did not come up: \(waited.stderr)") }
    }

    /// The environment a program on this desktop gets.
    var environment: [String: String] {
        var environment = ProcessInfo.processInfo.environment
        environment["DBUS_SESSION_BUS_ADDRESS"] = address
        environment["DISPLAY"] = display
        return environment
    }

    /// Presses the button with action key `action` on the newest notification, through dunst's context menu.
    /// Dunst runs the menu after `dunstctl` returns: wait for what the answer changes.
    func click(_ action: String) throws {
        try waitUntilDisplayed()
        try action.write(toFile: folder + "/choice", atomically: true, encoding: .utf8)
        let result = try run("dunstctl", ["context"])
        guard result.status == 0 else { throw DesktopSessionError("dunstctl context failed: \(result.stderr)") }
    }

    /// The lines of the last context menu dunst offered ("#Yes (Tue 07:00 workout?) [1,accept]").
    func lastMenu() throws -> [String] {
        try String(contentsOfFile: folder + "/menu", encoding: .utf8).split(separator: "\n").map(String.init)
    }

    /// Returns once dunst displays a notification: one it has received waits for its next redraw, and its
    /// context menu lists only what is displayed. Each check is a round trip through dunst's main loop; after
    /// a minute without one it throws.
    func waitUntilDisplayed() throws {
        let deadline = ContinuousClock.now.advanced(by: .seconds(60))
        while ContinuousClock.now < deadline {
            let result = try run("dunstctl", ["count", "displayed"])
            if let count = Int(result.stdout.trimmingCharacters(in: .whitespacesAndNewlines)), count > 0 { return }
        }
        throw DesktopSessionError("dunst displayed nothing within a minute")
    }

    /// How many notifications dunst holds open now: shown, or queued to be shown on its next redraw.
    func open() throws -> Int {
        var total = 0
        for kind in ["waiting", "displayed"] {
            let result = try run("dunstctl", ["count", kind])
            guard let count = Int(result.stdout.trimmingCharacters(in: .whitespacesAndNewlines)) else {
                throw DesktopSessionError("dunstctl count \(kind): \(result.stdout) \(result.stderr)")
            }
            total += count
        }
        return total
    }

    /// What dunst keeps in its history (notifications closed, by anyone), newest first: summary, body, app name.
    func history() throws -> [(summary: String, body: String, app: String)] {
        let result = try run("dunstctl", ["history"])
        let json = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any]
        let entries = (json?["data"] as? [[[String: Any]]])?.first ?? []
        func text(_ entry: [String: Any], _ key: String) -> String { (entry[key] as? [String: Any])?["data"] as? String ?? "" }
        return entries.map { (text($0, "summary"), text($0, "body"), text($0, "appname")) }
    }

    /// Sends an `ActionInvoked` signal from a bus client that is not the notification server.
    func forgeAction(id: UInt32, action: String) throws {
        let result = try run("gdbus", [
            "emit", "--session", "--object-path", "/org/freedesktop/Notifications",
            "--signal", "org.freedesktop.Notifications.ActionInvoked", "uint32 \(id)", action,
        ])
        guard result.status == 0 else { throw DesktopSessionError("gdbus emit failed: \(result.stderr)") }
    }

    /// Kills what it started (SIGKILL: nothing of it needs to be saved) and removes the display's lock files and the
    /// folder.
    func stop() {
        for process in processes.reversed() {
            process.signal(SIGKILL)
            process.waitForExit()
        }
        processes = []
        readyTools = []
        let number = display.dropFirst()
        for path in ["/tmp/.X\(number)-lock", "/tmp/.X11-unix/X\(number)", folder] where FileManager.default.fileExists(atPath: path) {
            do {
                try FileManager.default.removeItem(atPath: path)
            } catch {
                print("cannot remove \(path): \(error)")
            }
        }
    }

    deinit {
        stop()
    }

    struct Output {
        var status: Int32
        var stdout: String
        var stderr: String
    }

    /// Runs a tool on this desktop to completion (killed, and failing the test, past `TestDeadline.seconds`).
    func run(_ tool: String, _ arguments: [String]) throws -> Output {
        let result = try runProgram(ReadyLine.onPath(tool) ?? tool, arguments, environment: environment)
        return Output(status: result.status, stdout: result.stdout, stderr: result.stderr)
    }

}

struct DesktopSessionError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
