import Foundation
import TestPrograms
import VigorRPC

#if canImport(Glibc)
import Glibc
#endif

/// Runs the real vigord in a scratch folder with its own socket, state and NOTIFY_SOCKET. With test hooks on (the
/// default) vigord's clock starts at `now` (the tests' own instant unless the test picks one) and runs on from there
/// through every relaunch; without them vigord reads the machine's clock, so such a test must not depend on it.
final class DaemonHarness {
    let folder: String
    let socketPath: String
    let notify: NotifySocket
    /// The first run of vigord, once `start` started it.
    private(set) var process: ChildProcess?
    let logPath: String
    /// What every run starts with.
    let arguments: [String]
    private let environment: [String: String]
    /// Later runs of vigord on the same socket, state and configuration; stopped with the harness.
    private var relaunched: [ChildProcess] = []
    /// vigord's clock when the harness was made (nil without test hooks), and the machine's clock then.
    private let clockStart: Date?
    private let madeAt = Date()

    init(
        label: String, config: String? = nil, extraEnvironment: [String: String] = [:], arguments: [String] = [],
        testHooks: Bool = true, now: Date? = nil
    ) throws {
        clockStart = testHooks ? try now ?? TestNow.instant : nil
        folder = try makeScratchFolder(label)
        socketPath = folder + "/run/vigord.sock"
        logPath = folder + "/vigord.log"
        notify = try NotifySocket(folder: folder)
        var launchArguments = ["--socket", socketPath, "--state-dir", folder + "/state"]
        // vigord's calendar and health inbox stay in the scratch folder unless the test says otherwise.
        let scratchPaths = "[calendar.output]\npath = \"\(folder)/calendars\"\n[health]\ndrop_folder = \"\(folder)/inbox\"\n"
        if let config {
            var text = config.contains("[health]") ? config : config + "\n[health]\ndrop_folder = \"\(folder)/inbox\"\n"
            if !text.contains("[calendar.output]") { text += "[calendar.output]\npath = \"\(folder)/calendars\"\n" }
            try text.write(toFile: folder + "/config.toml", atomically: true, encoding: .utf8)
            launchArguments += ["--config", folder + "/config.toml"]
        } else if !arguments.contains("--config") {
            try scratchPaths.write(toFile: folder + "/config.toml", atomically: true, encoding: .utf8)
            launchArguments += ["--config", folder + "/config.toml"]
        }
        self.arguments = launchArguments + arguments
        var environment = ProcessInfo.processInfo.environment
        environment["NOTIFY_SOCKET"] = notify.path
        environment.removeValue(forKey: "VIGOR_SOCKET")
        environment.removeValue(forKey: "LISTEN_FDS")
        // Never the developer's desktop: a test daemon shows no notifications there.
        environment.removeValue(forKey: "DBUS_SESSION_BUS_ADDRESS")
        environment["XDG_RUNTIME_DIR"] = environment["XDG_RUNTIME_DIR"].map { _ in "/nonexistent" }
        environment.removeValue(forKey: "VIGORD_CLOCK_START")
        environment.removeValue(forKey: "VIGORD_CLOCK_OFFSET_HOURS")
        environment["VIGORD_TEST_HOOKS"] = testHooks ? "1" : nil
        for (key, value) in extraEnvironment { environment[key] = value }
        self.environment = environment
        guard FileManager.default.createFile(atPath: logPath, contents: nil) else { throw HarnessError.notReady("cannot create \(logPath)") }
    }

    var configPath: String { folder + "/config.toml" }

    /// What vigord's clock reads now (the machine's clock without test hooks).
    var now: Date {
        guard let clockStart else { return Date() }
        return clockStart.addingTimeInterval(Date().timeIntervalSince(madeAt))
    }

    /// The environment of the next launch: vigord's clock goes on from where the harness's clock is.
    private func launchEnvironment() -> [String: String] {
        guard clockStart != nil else { return environment }
        var next = environment
        next["VIGORD_CLOCK_START"] = TestNow.text(now)
        return next
    }

    /// Starts one run of vigord, its output appended to the log.
    private func launch() throws -> ChildProcess {
        let log = open(logPath, O_WRONLY | O_APPEND | O_CLOEXEC)
        guard log >= 0 else { throw HarnessError.notReady("cannot open \(logPath): \(String(cString: strerror(errno)))") }
        defer { close(log) }
        return try ChildProcess(
            executable: Binaries.vigord, arguments: arguments, environment: launchEnvironment(),
            standardOutput: .descriptor(log), standardError: .standardOutput, newProcessGroup: true)
    }

    /// Runs vigord once more to its end with `arguments` (the harness's own unless given): a second start that must be
    /// refused, on the harness's clock; its notify messages go nowhere, so the first run's stay its own.
    func runAgain(_ arguments: [String]? = nil) throws -> (status: Int32, stdout: String, stderr: String) {
        var environment = launchEnvironment()
        environment.removeValue(forKey: "NOTIFY_SOCKET")
        return try runCommand(Binaries.vigord, arguments ?? self.arguments, environment: environment)
    }

    /// Starts vigord and waits for READY=1.
    func start() throws {
        process = try launch()
        guard notify.waitFor("READY=1") else { throw HarnessError.notReady(log) }
    }

    /// vigord's process id (the first run's), 0 before `start`.
    var pid: pid_t { process?.pid ?? 0 }

    /// Starts vigord again on the same socket, state and configuration (after the first run ended),
    /// forgetting the notifications seen so far; the caller waits for the event it needs.
    @discardableResult
    func relaunch() throws -> ChildProcess {
        notify.forget()
        let next = try launch()
        relaunched.append(next)
        return next
    }

    func connect() throws -> RPCConnection {
        try RPCConnection(socketPath: socketPath, timeoutSeconds: 20)
    }

    func signal(_ number: Int32) {
        process?.signal(number)
    }

    /// Waits for the first run to end (bounded) and returns its status (128 plus the signal when one ended it).
    func waitForExit(timeout: Int = 30) -> Int32? {
        guard let process, process.hasExited(within: Double(timeout)) else { return nil }
        return process.waitForExit().status
    }

    var log: String { (try? String(contentsOfFile: logPath, encoding: .utf8)) ?? "" }

    deinit {
        for next in relaunched { next.stop() }
        process?.signal(SIGKILL)
        process?.waitForExit()
        try? FileManager.default.removeItem(atPath: folder)
    }
}

enum HarnessError: Error, CustomStringConvertible {
    case notReady(String)
    var description: String {
        switch self {
        case .notReady(let log): "vigord did not report READY=1; its log:\n\(log)"
        }
    }
}

/// Runs a command to completion and returns its exit status, stdout and stderr; one that runs past `timeout` seconds
/// is killed and fails the test.
func runCommand(
    _ path: String, _ arguments: [String], environment: [String: String]? = nil, timeout: Int = TestDeadline.seconds
) throws -> (status: Int32, stdout: String, stderr: String) {
    let result = try runProgram(path, arguments, environment: environment, timeout: timeout)
    return (result.status, result.stdout, result.stderr)
}
