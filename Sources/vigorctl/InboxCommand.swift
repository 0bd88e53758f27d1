import ArgumentParser
import VigorRPC

struct InboxCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "inbox", abstract: "What the Ghost wanted to tell you, delivered or held back, with the commands that answer it.")

    @OptionGroup var connection: ConnectionOptions
    @Flag(help: "Also show what was answered or is no longer needed.") var all = false

    func run() throws {
        let client = connection.client
        let result = try CallFailure.perform { () throws(RPCClientError) in try client.call(InboxListMethod.self) }
        if connection.json {
            try JSONOutput.print(result)
            return
        }
        let shown = result.entries.filter { all || $0.state != "settled" }
        if shown.isEmpty {
            print(all ? "The inbox is empty." : "Nothing waiting. (--all shows what was answered.)")
        }
        for entry in shown {
            // A delivered message by when it went out; any other by when it first came up.
            print("\(DayText.moment(entry.state == "delivered" ? entry.decidedAt : entry.firstSeen))  \(entry.title)")
            print("    \(entry.body)")
            print("    \(entry.reason)")
            for action in entry.actions where entry.state != "settled" {
                print("    \(action.label): \(action.command)")
            }
        }
    }
}
