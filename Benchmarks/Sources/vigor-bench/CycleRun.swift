import ArgumentParser
import CivilCalendar
import VigorRPC

/// Runs one cycle through the `cycle.run` RPC and prints vigorctl's line for it. Unlike `vigorctl cycle`,
/// which gives up after 10 s, it waits up to `--timeout`, so a cycle slowed by a busy machine is still timed.
struct CycleRun: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "cycle", abstract: "Run today's cycle through cycle.run and wait for its answer.")

    @Argument(help: "morning, evening or weekly") var kind = "evening"
    @Option(help: "Socket of the vigord under test.") var socket: String
    @Option(help: "Seconds to wait for the answer.") var timeout = 600

    func run() throws {
        guard let cycle = CycleKind(rawValue: kind) else { throw ValidationError("the cycle is morning, evening or weekly, not '\(kind)'") }
        let outcome = try RPCClient(socketPath: socket, timeoutSeconds: timeout).call(CycleRunMethod.self, .init(kind: cycle))
        print("\(outcome.kind) cycle \(outcome.localDate): \(outcome.ran ? "" : "not run again, ")\(outcome.summary)")
        if !outcome.ran { throw ExitCode.failure }
    }
}
