import ArgumentParser
import VigorRPC

struct ReloadCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "reload", abstract: "Make the daemon re-read its configuration (same as SIGHUP).")

    @OptionGroup var connection: ConnectionOptions

    func run() throws {
        let client = connection.client
        let outcome = try CallFailure.perform { () throws(RPCClientError) in try client.call(ReloadMethod.self) }
        if connection.json {
            try JSONOutput.print(outcome)
        } else {
            print("reloaded \(outcome.configPath)")
            if let waiting = outcome.needsRestart, !waiting.isEmpty {
                print("needs a restart (the old values stay in force until then): \(waiting.joined(separator: ", "))")
            }
        }
    }
}
