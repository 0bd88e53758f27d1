import ArgumentParser
import VigorRPC

struct BusyCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "busy", abstract: "Show your busy time as vigord sees it, and why.",
        discussion: "Times are RFC 3339 (2026-11-23T08:00:00+01:00) or local dates (2026-11-23, midnight in your zone).")

    @Option(name: .long, help: "Start of the window (default: now).")
    var from: String?

    @Option(name: .long, help: "End of the window, exclusive (default: seven days after --from).")
    var to: String?

    @Option(name: .long, help: "Only this calendar source.")
    var source: String?

    @OptionGroup var connection: ConnectionOptions

    func run() throws {
        let client = connection.client
        let busy = try CallFailure.perform { () throws(RPCClientError) in
            try client.call(CalendarBusyMethod.self, .init(from: from, to: to, source: source))
        }
        if connection.json {
            try JSONOutput.print(busy)
            return
        }
        let style = TerminalStyle.detect()
        print("Busy from \(busy.from) to \(busy.to):")
        if busy.intervals.isEmpty { print("  nothing") }
        for interval in busy.intervals {
            let causes = interval.sources.map { "\($0.summary) (\($0.source))" }.joined(separator: ", ")
            print("  \(interval.start) – \(interval.end)  \(causes)")
        }
        if !busy.unknownDays.isEmpty {
            print(style.red("Unknown days (a source failed, so no autonomous blocks): \(busy.unknownDays.joined(separator: ", "))"))
        }
        for source in busy.sources where !source.ok || source.error != nil {
            print(style.red("  \(source.name): \(source.error ?? "failed")"))
        }
    }
}
