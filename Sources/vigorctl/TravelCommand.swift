import ArgumentParser
import VigorRPC

struct TravelCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "travel", abstract: "Tell the Ghost you are travelling (no training those days), or that you are back.")

    @Option(name: .long, help: "First travel day, YYYY-MM-DD.") var from: String?
    @Option(name: .long, help: "Last travel day, YYYY-MM-DD (default: the same as --from).") var to: String?
    @Flag(name: .long, help: "You are back: remove current and future travel.") var clear = false

    @OptionGroup var connection: ConnectionOptions

    func validate() throws {
        guard clear != (from != nil) else { throw ValidationError("give --from (and --to), or --clear") }
    }

    func run() throws {
        let client = connection.client
        let travel = try CallFailure.perform { () throws(RPCClientError) in
            try client.call(TravelSetMethod.self, .init(from: from, to: to, clear: clear ? true : nil))
        }
        if connection.json {
            try JSONOutput.print(travel)
        } else {
            print(travel.ranges.isEmpty ? "No travel days." : "Travel days: " + travel.ranges.joined(separator: ", ") + ". No training then.")
        }
    }
}
