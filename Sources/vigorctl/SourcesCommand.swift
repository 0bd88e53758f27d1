import ArgumentParser
import VigorRPC

struct SourcesCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "sources", abstract: "List your calendar sources and whether each one loaded.")

    @OptionGroup var connection: ConnectionOptions

    func run() throws {
        let client = connection.client
        let result = try CallFailure.perform { () throws(RPCClientError) in try client.call(CalendarSourcesMethod.self) }
        if connection.json {
            try JSONOutput.print(result)
            return
        }
        if result.sources.isEmpty {
            print("No calendar sources configured (see Docs/calendars.md).")
        }
        let style = TerminalStyle.detect()
        for source in result.sources {
            let state = source.ok ? "ok" : style.red("failed")
            let age = source.ageSeconds.map { ", data \(StatusText.duration($0)) old" } ?? ""
            print("\(source.name) (\(source.kind)) \(state)\(age)  \(source.location)")
            if let error = source.error { print("    \(error)") }
        }
    }
}
