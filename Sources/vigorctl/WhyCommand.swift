import ArgumentParser
#if canImport(FoundationEssentials)
import CivilCalendar
import FoundationEssentials
#else
import Foundation
#endif
import VigorRPC

struct WhyCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "why", abstract: "Explain the Ghost's decisions: the latest ones, those about one block, or a day of the week ahead.",
        discussion: "Each decision in one sentence, then the factors that helped or hurt. --inputs adds the raw inputs and their hash.")

    @Argument(help: "A block id (e.g. b7), a day of the week ahead (YYYY-MM-DD), or latest.")
    var subject = "latest"

    @Option(name: .long, help: "How many decisions (\(ReceiptsListMethod.limit.bounds.lowerBound)-\(ReceiptsListMethod.limit.bounds.upperBound)).")
    var limit = 5

    @Flag(name: .long, help: "Also show the raw inputs, alternatives, confidence and input hash of each decision.")
    var inputs = false

    @OptionGroup var connection: ConnectionOptions

    func validate() throws {
        guard ReceiptsListMethod.limit.allows(limit) else { throw ValidationError("--limit must be \(ReceiptsListMethod.limit.allowed)") }
    }

    func run() throws {
        let client = connection.client
        if Self.isDate(subject) { return try explainDay(subject, client: client) }
        let block = subject == "latest" ? nil : subject
        let result = try CallFailure.perform { () throws(RPCClientError) in
            try client.call(ReceiptsListMethod.self, .init(limit: block == nil ? limit : ReceiptsListMethod.limit.bounds.upperBound, block: block))
        }
        if connection.json {
            try JSONOutput.print(result)
            return
        }
        if result.receipts.isEmpty {
            print(block.map { "No decisions about \($0)." } ?? "No decisions yet.")
            return
        }
        let style = TerminalStyle.detect()
        // "Decided 3 hours ago" on the daemon's clock, which is the machine's unless a test or the demo moved it.
        let status = try CallFailure.perform { () throws(RPCClientError) in try client.call(StatusMethod.self) }
        let now = status.startedAt.date.addingTimeInterval(TimeInterval(status.uptimeSeconds))
        for (index, receipt) in result.receipts.enumerated() {
            if index > 0 { print("") }
            print(style.bold(receipt.headline))
            let width = receipt.factors.map(\.name.count).max() ?? 0
            for factor in receipt.factors {
                let name = TextFormat.padded(factor.name, to: width)
                print("  \(name)  \(factor.value) — \(factor.impact)")
            }
            print("  Decided \(RelativeTime.text(from: receipt.at.date, to: now)) (\(DayText.moment(receipt.at)))")
            guard inputs else { continue }
            if receipt.headline != receipt.reason { print("  reason: \(receipt.reason)") }
            let raw = receipt.inputs.map { "\($0.name)=\($0.value)" }.joined(separator: ", ")
            if !raw.isEmpty { print("  inputs: \(raw)") }
            if !receipt.alternatives.isEmpty { print("  instead of: \(receipt.alternatives.joined(separator: "; "))") }
            print("  confidence \(Percent.text(receipt.confidence)), trust \(TextFormat.fixed(receipt.trustImpact, places: 3, signed: true)), input hash \(receipt.inputHash)")
        }
    }
}

extension WhyCommand {
    /// `YYYY-MM-DD`.
    static func isDate(_ text: String) -> Bool {
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        return parts.map(\.count) == [4, 2, 2] && parts.allSatisfy { $0.allSatisfy(\.isASCII) && $0.allSatisfy(\.isNumber) }
    }

    /// A day of the week ahead: its session and why there, or why it has none, from the evening's forecast.
    private func explainDay(_ date: String, client: RPCClient) throws {
        let week = try CallFailure.perform { () throws(RPCClientError) in try client.call(PlanWeekMethod.self) }
        if connection.json {
            try JSONOutput.print(week.days.filter { $0.date == date })
            return
        }
        guard let day = week.days.first(where: { $0.date == date }) else {
            let span = week.days.first.flatMap { first in week.days.last.map { " (\(first.date) to \($0.date))" } } ?? ""
            print("\(date) is not in the week ahead\(span): vigorctl why explains a block by its id, or a day the evening's "
                + "forecast covers.")
            throw ExitCode(1)
        }
        print(Self.dayText(day))
    }

    /// "No session on 2026-12-09 (rest day): It is a rest day, …" or "2026-12-10: likely 07:00 run — free at 07:00; …".
    static func dayText(_ day: PlanDayView) -> String {
        guard day.status == "none" else {
            let time = day.start.map { " " + PlanText.clock($0) } ?? ""
            return "\(day.date): \(day.status)\(time)\(PlanText.kind(day.kind)) — \(day.reason)"
        }
        let rule = day.why.map { " (\(WeekText.words($0)))" } ?? ""
        return "No session on \(day.date)\(rule): \(day.reason)"
    }
}

/// "3 hours ago" style, for "Decided …".
enum RelativeTime {
    static func text(from date: Date, to now: Date) -> String {
        let seconds = now.timeIntervalSince(date)
        guard seconds >= 60 else { return seconds > -60 ? "just now" : "in the future" }
        let minutes = Int(seconds / 60), hours = minutes / 60, days = hours / 24
        if minutes < 60 { return minutes == 1 ? "a minute ago" : "\(minutes) minutes ago" }
        if hours < 24 { return hours == 1 ? "an hour ago" : "\(hours) hours ago" }
        return days == 1 ? "yesterday" : "\(days) days ago"
    }
}
