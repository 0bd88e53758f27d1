import ArgumentParser
import VigorRPC

struct SourcesCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "sources", abstract: "List your calendar and health sources and whether each one is read.",
        discussion: """
            Exits 1 when a source failed (the list still shows every source), so a script or a timer notices. A health \
            source whose path is not there (a watch not plugged in) is waited for, not failed.
            """)

    @OptionGroup var connection: ConnectionOptions

    /// What `--json` prints: `calendar.sources`'s `sources`, and `health.sources`'s as `healthSources`.
    struct Output: Codable {
        var sources: [CalendarSourceView]
        var healthSources: [HealthSourceView]
    }

    func run() throws {
        let client = connection.client
        let calendars = try CallFailure.perform { () throws(RPCClientError) in try client.call(CalendarSourcesMethod.self) }
        let health = try CallFailure.perform { () throws(RPCClientError) in try client.call(HealthSourcesMethod.self) }
        let output = Output(sources: calendars.sources, healthSources: health.sources)
        if connection.json {
            try JSONOutput.print(output)
        } else {
            print(Self.text(output, style: TerminalStyle.detect()))
        }
        if output.sources.contains(where: { !$0.ok }) || output.healthSources.contains(where: { !$0.ok }) { throw ExitCode(1) }
    }

    static func text(_ output: Output, style: TerminalStyle) -> String {
        var lines: [String] = []
        if output.sources.isEmpty { lines.append("No calendar sources configured (see Docs/calendars.md).") }
        for source in output.sources {
            let state = source.ok ? "ok" : style.red("failed")
            let age = source.ageSeconds.map { ", data \(StatusText.duration($0)) old" } ?? ""
            lines.append("\(source.name) (\(source.kind)) \(state)\(age)  \(source.location)")
            if let error = source.error { lines.append("    \(error)") }
        }
        for source in output.healthSources {
            lines.append("\(source.name) (health) \(healthState(source, style: style))  \(source.path)")
            if let error = source.error {
                lines.append("    \(error)" + (source.failingSince.map { " (failing since \(moment($0)))" } ?? ""))
            }
        }
        return lines.joined(separator: "\n")
    }

    /// "ok, newest sample 2026-12-07 06:40, read 06:41", "not there now: waited for", "failed".
    private static func healthState(_ source: HealthSourceView, style: TerminalStyle) -> String {
        guard source.ok else { return style.red("failed") }
        guard source.present else { return "not there now: read when it is (a watch's volume, a folder not made yet)" }
        guard let read = source.lastReadAt else { return "ok, nothing read yet" }
        let newest = source.newestSampleAt.map { "newest sample \(moment($0)), " } ?? "no sample yet, "
        return "ok, \(newest)last read \(moment(read))"
    }

    /// `2026-12-07 06:40`, in the user's zone as the daemon gave it.
    private static func moment(_ time: RPCTimestamp) -> String {
        String(time.description.prefix(10)) + " " + PlanText.clock(time)
    }
}
