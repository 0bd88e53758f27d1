import Foundation
import GhostEngine

extension Trajectory {
    /// Pretty JSON with sorted keys, so equal trajectories give byte-identical text.
    /// - Throws: `EncodingError` only for non-finite numbers, which the engine never produces.
    public func jsonText() throws -> String {
        try SortedJSON.text(self)
    }

    /// A day-by-day table followed by the events of each day and a summary.
    public func text() -> String {
        var lines = ["Scenario \(scenario) (seed \(seed))", ""]
        lines.append("day  date        trust                score  health        conf   blocks")
        for record in days {
            let blocks = record.travel ? "travel" : record.blocks.map { "\($0.id)@\($0.start) \($0.origin.rawValue)/\($0.status.rawValue)" }
                .joined(separator: ", ")
            lines.append(
                [
                    Self.pad("\(record.day)", 4), Self.pad(record.date, 11), Self.pad(record.trustPhase.displayName, 20),
                    Self.pad(Self.decimal(record.trustScore), 6), Self.pad(record.healthPhase.displayName, 13),
                    Self.pad(Self.decimal(record.healthConfidence), 6), blocks,
                ].joined(separator: " "))
            var events: [String] = []
            if record.deletions > 0 { events.append("deleted \(record.deletions) auto block(s)") }
            if record.breakerFirings > 0 { events.append("SAFETY BREAKER fired") }
            events += record.apologies.map { "ghost says: \"\($0)\"" }
            events += record.phaseChanges.map { "trust \($0)" }
            events += record.healthChanges.map { "health \($0)" }
            events += record.triage.map { "triage \($0)" }
            events += record.suggestions.map { "suggests: \($0)" }
            events += record.receipts.map { "receipt \($0.id) \($0.action.rawValue) [\($0.inputHash)] \($0.reason)" }
            lines += events.map { "       - \($0)" }
        }
        lines += [
            "",
            "Final: \(summary.finalTrustPhase.displayName), score \(Self.decimal(summary.finalTrustScore)), "
                + "health \(summary.finalHealthPhase.displayName)",
            "Breaker firings: \(summary.breakerFirings); deletions: \(summary.deletions); "
                + "blocks: \(summary.blocksPlaced); receipts: \(summary.receipts)",
        ]
        return lines.joined(separator: "\n") + "\n"
    }

    private static func pad(_ text: String, _ width: Int) -> String {
        text.count >= width ? text : text + String(repeating: " ", count: width - text.count)
    }

    private static func decimal(_ value: Double) -> String {
        String(format: "%.3f", value)
    }
}
