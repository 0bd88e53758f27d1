import ArgumentParser
import Foundation
import VigorRPC

struct WeekCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "week", abstract: "The weekly value receipt: what the Ghost planned, what you did, what it saved you.",
        discussion: "Built every Sunday evening (or now with `vigorctl cycle weekly`). --clean prints one line without numbers about your body.")
    @Flag(name: .long, help: "One line, no biometrics: \"4 weeks strong  ●●·○●··  4 of 5 sessions done\".") var clean = false
    @OptionGroup var connection: ConnectionOptions

    func run() throws {
        let client = connection.client
        let result = try CallFailure.perform { () throws(RPCClientError) in try client.call(WeeklyReceiptMethod.self, .init()) }
        if connection.json { return try JSONOutput.print(result) }
        guard let receipt = result.receipt else {
            print("No weekly receipt yet: the first comes on Sunday evening (or run `vigorctl cycle weekly`).")
            print("Where you start from: vigorctl absolution")
            return
        }
        if clean { return print(receipt.clean) }
        let trust = receipt.trustChange.map { String(format: " (%+.0f points this week)", $0 * 100) } ?? ""
        var lines = [
            "Week of \(receipt.weekStart)   \(receipt.dots)",
            "  sessions   \(receipt.completed) done of \(receipt.scheduled) planned; \(receipt.missed) missed, \(receipt.removed) removed, "
                + "\(receipt.moved) moved, \(receipt.transformed) changed by the morning rules; \(receipt.unplannedWorkouts) on your own",
            "  saved      about \(receipt.planningMinutesSaved) minutes of planning",
            "  trust      \(StatusText.percent(receipt.trustScore))\(trust), \(receipt.trustPhase)",
            "  streak     \(receipt.strongWeeks) strong week(s) in a row",
        ]
        lines += receipt.patterns.map { "  pattern    \($0)" }
        print(lines.joined(separator: "\n"))
    }
}

struct AbsolutionCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "absolution", abstract: "What held you back before the Ghost, from your calendars and health data, with the numbers.")
    @Option(name: .long, help: "Days to look back, 7-90.") var days = 90
    @OptionGroup var connection: ConnectionOptions

    func validate() throws {
        guard (7...90).contains(days) else { throw ValidationError("--days must be between 7 and 90") }
    }

    func run() throws {
        let client = connection.client
        let result = try CallFailure.perform { () throws(RPCClientError) in try client.call(AbsolutionMethod.self, .init(days: days)) }
        if connection.json { return try JSONOutput.print(result) }
        guard let absolution = result.absolution else { return print("Not yet: \(result.reason ?? "not enough history").") }
        print(absolution.text)
    }
}
