import ArgumentParser
import VigorRPC

/// `vigorctl`: the thin command line for vigord. Each command checks its arguments, makes one
/// call to the daemon and prints the result; no scheduling logic lives here.
struct Vigorctl: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "vigorctl",
        abstract: "Talk to the vigord daemon.",
        discussion: """
            Every command takes --socket PATH and --json, before or after the command \
            (vigorctl --socket PATH status). Under --json an error is {"error": {kind, message, exit, code}} on stdout.

            Exit codes:
              0 success
              1 the daemon answered with an error, the connection failed, or what the command reports failed
              3 the daemon is not running or did not answer
              64 invalid arguments
            """,
        version: VigorVersion.current,
        subcommands: [SetupCommand.self, StatusCommand.self, InboxCommand.self, TriageCommand.self, AcceptCommand.self, DeclineCommand.self, RevertCommand.self, KeepCommand.self, LogCommand.self, CheckInCommand.self, ImportCommand.self, RecoveryCommand.self, WeekCommand.self, AbsolutionCommand.self, BlocksCommand.self, PlanCommand.self, BusyCommand.self, SourcesCommand.self, WhyCommand.self, TrustCommand.self, CycleCommand.self, SacredCommand.self, TravelCommand.self, CrashingCommand.self, ExportCommand.self, PurgeCommand.self, ConfigCommand.self, ReloadCommand.self, MethodsCommand.self]
    )
}

/// Options every command shares.
struct ConnectionOptions: ParsableArguments {
    @Option(name: .long, help: "Socket path (default: $VIGOR_SOCKET, else $XDG_RUNTIME_DIR/vigor/vigord.sock; /run/vigor/vigord.sock as root).")
    var socket: String?

    @Flag(name: .long, help: "Print the daemon's raw JSON result.")
    var json = false

    var client: RPCClient {
        RPCClient(socketPath: SocketLocation.resolve(explicit: socket))
    }
}
