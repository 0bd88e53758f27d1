#if canImport(Glibc)
import Glibc
#endif
import VigorRPC

/// The user units setup enables, and the exact commands when it cannot run them itself.
enum UserUnits {
    static let units = ["vigord.socket", "vigord.service", "vigor-morning.timer", "vigor-evening.timer", "vigor-weekly.timer"]
    static let enableCommand = "systemctl --user enable --now " + units.joined(separator: " ")
}

/// Gets a vigord running with the new configuration: one that already answers reloads it; otherwise the user
/// manager enables and starts the units and setup waits for the socket. With no user manager it prints the commands.
enum DaemonStart {
    /// True when a vigord answers at `socket` with the configuration in force. `vigordArguments` are what vigord
    /// started by hand needs to read the configuration setup wrote and bind the socket setup talks to.
    static func ensureRunning(socket: String, configChanged: Bool, vigordArguments: [String]) throws(CommandFailure) -> Bool {
        let client = RPCClient(socketPath: socket, timeoutSeconds: 30)
        let manager = userManagerRuns()
        if manager {
            print("\nStarting vigord: systemctl --user daemon-reload; \(UserUnits.enableCommand)")
            try systemctl(["daemon-reload"])
            try systemctl(["enable", "--now"] + UserUnits.units)
        }
        if answers(client) {
            if configChanged {
                let outcome = try CallFailure.perform { () throws(RPCClientError) in try client.call(ReloadMethod.self) }
                print(outcome.ok ? "vigord read the new configuration." : "vigord kept its old configuration: \(outcome.error ?? "")")
            }
            return true
        }
        guard manager else {
            print("""

                No systemd user manager answers here (a container, or a session without one), so setup cannot start vigord.
                Start it yourself, then have it make the first plan with `vigorctl setup --first-plan`:
                  systemctl --user daemon-reload
                  \(UserUnits.enableCommand)
                or, without systemd:
                  \((["vigord"] + vigordArguments.map(shellWord)).joined(separator: " ")) &
                """)
            return false
        }
        // The socket unit answers at once; vigord itself may take a moment to read the calendars.
        for _ in 0..<150 {
            if answers(client) { return true }
            usleep(200_000)
        }
        throw CommandFailure(.noAnswer, "vigord did not answer at \(socket) within 30 s; see: systemctl --user status vigord.service")
    }

    /// `word` as one shell word: as it is when it is plain, else in single quotes.
    static func shellWord(_ word: String) -> String {
        let plain = !word.isEmpty && word.allSatisfy { $0.isLetter || $0.isNumber || "/._-+=:@%,".contains($0) }
        return plain ? word : "'" + word.split(separator: "'", omittingEmptySubsequences: false).joined(separator: "'\\''") + "'"
    }

    /// True when something answers `status` at the socket.
    private static func answers(_ client: RPCClient) -> Bool {
        do {
            _ = try client.call(StatusMethod.self)
            return true
        } catch {
            return false
        }
    }

    /// True when `systemctl --user` reaches a user manager.
    private static func userManagerRuns() -> Bool {
        guard let systemctl = ProgramRun.find("systemctl") else { return false }
        do {
            return try ProgramRun.run(systemctl, ["--user", "show-environment"]).status == 0
        } catch {
            return false
        }
    }

    private static func systemctl(_ arguments: [String]) throws(CommandFailure) {
        guard let tool = ProgramRun.find("systemctl") else { throw CommandFailure(.failed, "systemctl is not installed") }
        let outcome: ProgramRun.Outcome
        do {
            outcome = try ProgramRun.run(tool, ["--user"] + arguments)
        } catch {
            throw CommandFailure(.failed, error.description)
        }
        guard outcome.status == 0 else {
            throw CommandFailure(.failed, "systemctl --user \(arguments.joined(separator: " ")) failed: \(outcome.output)")
        }
    }
}
