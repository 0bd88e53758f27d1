import ArgumentParser
import VigorRPC

struct CycleCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "cycle", abstract: "Run today's morning, evening or weekly cycle now (nothing happens if it already ran today).")

    @Argument(help: "morning, evening or weekly")
    var kind: String

    @Flag(name: .long, help: "Only when vigord's schedule says it is due now (what the systemd timers run).")
    var ifDue = false

    @OptionGroup var connection: ConnectionOptions

    func validate() throws {
        guard ["morning", "evening", "weekly"].contains(kind) else { throw ValidationError("the cycle is morning, evening or weekly, not '\(kind)'") }
    }

    func run() throws {
        let client = connection.client
        let outcome = try CallFailure.perform { () throws(RPCClientError) in try client.call(CycleRunMethod.self, .init(kind: kind, ifDue: ifDue ? true : nil)) }
        if connection.json {
            try JSONOutput.print(outcome)
        } else {
            print("\(outcome.kind) cycle \(outcome.localDate): \(outcome.ran ? "" : "not run again, ")\(outcome.summary)")
        }
    }
}
