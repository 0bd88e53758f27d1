import ArgumentParser
import VigorDaemon
import VigorRPC

#if canImport(Glibc)
import Glibc
#endif

/// `vigord`: the Ghost daemon. Runs in the foreground; systemd (or a terminal) supervises it.
@main
struct VigordCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "vigord",
        abstract: "The vigord scheduling daemon: serves the Ghost engine over a Unix socket.",
        discussion: """
            Runs in the foreground until SIGTERM or SIGINT; SIGHUP reloads the configuration.
            Exit codes: 0 clean stop, 1 failure, 69 socket unavailable (e.g. another vigord is running),
            74 state database unusable, 75 another vigord runs on the same state or calendar folder,
            78 invalid configuration.
            """,
        version: VigorVersion.current
    )

    @Option(name: .long, help: "Configuration file (default: $XDG_CONFIG_HOME/vigor/config.toml; /etc/vigor/config.toml as root).")
    var config: String?

    @Option(name: .long, help: "Socket path (default: $VIGOR_SOCKET, else [daemon] socket, else $XDG_RUNTIME_DIR/vigor/vigord.sock; /run/vigor/vigord.sock as root).")
    var socket: String?

    @Option(name: .customLong("state-dir"), help: "State folder (default: $STATE_DIRECTORY, else $XDG_STATE_HOME/vigor; /var/lib/vigor as root). Given, it also holds vigord's calendar and the health drop folder unless the configuration places them.")
    var stateDir: String?

    @Flag(name: .customLong("check-config"), help: "Check the configuration file and exit: 0 when valid, 78 with file:line: message when not. Binds nothing, opens no database.")
    var checkConfig = false

    @Option(
        name: .customLong("write-timer-drop-ins"),
        help: ArgumentHelp(
            "Write drop-ins that make vigor-morning.timer, vigor-evening.timer and vigor-weekly.timer (Sundays) fire at the [schedule] times and zone into the folder and exit: 0 written, 78 invalid configuration (nothing written), 73 not writable. The systemd generator vigord-timer-generator runs it.",
            valueName: "folder"),
        completion: .directory)
    var timerDropIns: String?

    func run() async throws {
        if let timerDropIns {
            let code = Daemon.writeTimerDropIns(into: timerDropIns, configPath: config)
            if code != 0 { throw ExitCode(code) }
            return
        }
        if checkConfig {
            let code = Daemon.checkConfig(path: config)
            if code != 0 { throw ExitCode(code) }
            return
        }
        let code = await Daemon.run(options: DaemonOptions(configPath: config, socketPath: socket, stateDirectory: stateDir))
        if code != 0 { throw ExitCode(code) }
    }
}
