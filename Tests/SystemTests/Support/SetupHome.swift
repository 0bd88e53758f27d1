import Foundation

/// A scratch home folder for `vigorctl setup`: calendars and calendar programs' configurations in it, and the
/// environment setup runs in (that HOME, no XDG overrides, and a PATH without systemctl, so no test ever reaches the
/// developer's user manager).
struct SetupHome {
    let path: String

    init(_ label: String) throws {
        path = try makeScratchFolder("setup-\(label)") + "/home"
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    }

    var environment: [String: String] {
        var environment = ProcessInfo.processInfo.environment
        environment["HOME"] = path
        for key in ["XDG_CONFIG_HOME", "XDG_DATA_HOME", "XDG_STATE_HOME", "VDIRSYNCER_CONFIG", "VIGOR_SOCKET", "DBUS_SESSION_BUS_ADDRESS"] {
            environment.removeValue(forKey: key)
        }
        environment["PATH"] = "/nonexistent"
        return environment
    }

    var configPath: String { path + "/.config/vigor/config.toml" }

    /// Writes `text` at `relative` under the home folder, making its folders.
    func write(_ text: String, at relative: String) throws {
        let file = path + "/" + relative
        try FileManager.default.createDirectory(
            atPath: (file as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try text.write(toFile: file, atomically: true, encoding: .utf8)
    }

    /// A one-event `.ics` file starting at `start` (UTC, `YYYYMMDDTHHMMSSZ`) called `title`, repeating weekly on
    /// `byDay` (e.g. `MO,TU,WE,TH,FR`) when given.
    static func event(_ uid: String, title: String, start: String, end: String, byDay: String? = nil) -> String {
        [
            "BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//vigord tests//EN", "BEGIN:VEVENT", "UID:\(uid)",
            "DTSTAMP:20260101T000000Z", "DTSTART:\(start)", "DTEND:\(end)", "SUMMARY:\(title)",
        ].joined(separator: "\r\n") + (byDay.map { "\r\nRRULE:FREQ=WEEKLY;BYDAY=\($0)" } ?? "") + "\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n"
    }

    /// `YYYYMMDDTHHMMSSZ` of `date`.
    static func stamp(_ date: Date) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "yyyyMMdd'T'HHmmss'Z'"
        return formatter.string(from: date)
    }
}

/// Runs a program on a pseudo-terminal (python's `pty`), typing `answers` one per prompt: a prompt is output that
/// ends in "] " after the last answer. Returns the exit status and everything the terminal showed (the answers
/// echoed), with a deadline.
func runOnTerminal(
    _ program: String, _ arguments: [String], answers: [String], environment: [String: String]
) throws -> (status: Int32, transcript: String) {
    let driver = """
        import json, os, pty, select, sys, time
        argv, answers = json.loads(sys.argv[1]), json.loads(sys.argv[2])
        pid, fd = pty.fork()
        if pid == 0:
            os.execv(argv[0], argv)
        out, answered_at, deadline = b"", -1, time.monotonic() + 60
        while True:
            ready, _, _ = select.select([fd], [], [], max(0.0, deadline - time.monotonic()))
            if not ready:
                os.kill(pid, 9)
                sys.stdout.write(out.decode("utf-8", "replace"))
                sys.exit(124)
            try:
                data = os.read(fd, 4096)
            except OSError:
                break
            if not data:
                break
            out += data
            if answers and out.endswith(b"] ") and len(out) > answered_at:
                os.write(fd, (answers.pop(0) + "\\r").encode())
                answered_at = len(out)
        _, status = os.waitpid(pid, 0)
        sys.stdout.write(out.decode("utf-8", "replace").replace("\\r\\n", "\\n"))
        sys.exit(os.waitstatus_to_exitcode(status))
        """
    let arguments = [
        "-c", driver,
        String(decoding: try JSONSerialization.data(withJSONObject: [program] + arguments), as: UTF8.self),
        String(decoding: try JSONSerialization.data(withJSONObject: answers), as: UTF8.self),
    ]
    let result = try runCommand("/usr/bin/python3", arguments, environment: environment, timeout: 90)
    return (result.status, result.stdout)
}
