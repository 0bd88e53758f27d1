import ArgumentParser
import CivilCalendar
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
        _ = try cycle
    }

    /// The argument as the wire's cycle kind.
    private var cycle: CycleKind {
        get throws {
            guard let cycle = CycleKind(rawValue: kind) else { throw ValidationError("the cycle is morning, evening or weekly, not '\(kind)'") }
            return cycle
        }
    }

    func run() throws {
        let client = connection.client
        let params = CycleRunMethod.Params(kind: try cycle, ifDue: ifDue ? true : nil)
        let outcome = try CallFailure.perform { () throws(RPCClientError) in try client.call(CycleRunMethod.self, params) }
        if connection.json {
            try JSONOutput.print(outcome)
        } else {
            print("\(outcome.kind.rawValue) cycle \(outcome.localDate): \(outcome.ran ? "" : "not run again, ")\(outcome.summary)")
        }
    }
}
