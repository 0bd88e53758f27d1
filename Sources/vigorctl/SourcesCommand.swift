import ArgumentParser
import VigorRPC

struct SourcesCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "sources", abstract: "List your calendar sources and whether each one loaded.",
        discussion: "Exits 1 when a source failed to load (the list still shows every source), so a script or a timer notices.")

    @OptionGroup var connection: ConnectionOptions

    func run() throws {
        let client = connection.client
        let result = try CallFailure.perform { () throws(RPCClientError) in try client.call(CalendarSourcesMethod.self) }
        if connection.json {
            try JSONOutput.print(result)
        } else {
            print(Self.text(result, style: TerminalStyle.detect()))
        }
        if result.sources.contains(where: { !$0.ok }) { throw ExitCode(1) }
    }

    static func text(_ result: CalendarSourcesMethod.Result, style: TerminalStyle) -> String {
        if result.sources.isEmpty { return "No calendar sources configured (see Docs/calendars.md)." }
        var lines: [String] = []
        for source in result.sources {
            let state = source.ok ? "ok" : style.red("failed")
            let age = source.ageSeconds.map { ", data \(StatusText.duration($0)) old" } ?? ""
            lines.append("\(source.name) (\(source.kind)) \(state)\(age)  \(source.location)")
            if let error = source.error { lines.append("    \(error)") }
        }
        return lines.joined(separator: "\n")
    }
}
