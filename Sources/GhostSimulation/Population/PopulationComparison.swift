import Foundation
import GhostEngine

/// The same population under several behaviour models, side by side: each metric per model, with its 95 % interval
/// and its verdict, so a rule change that helps only one model shows as such.
public struct PopulationComparison: Codable, Sendable, Equatable {
    /// One report per model, in the order run.
    public let models: [PopulationReport]

    /// Compares `reports`.
    public init(reports: [PopulationReport]) {
        models = reports
    }

    /// Pretty JSON with sorted keys: the same comparison gives byte-identical text.
    /// - Throws: `EncodingError` only for non-finite numbers, which the reports never hold.
    public func jsonText() throws -> String {
        try SortedJSON.text(self)
    }

    /// A row per metric, a column per model: value [95 % interval] and verdict; then each model's phases and
    /// interactions by command.
    public func text() -> String {
        guard let first = models.first else { return "No population.\n" }
        let names = models.enumerated().map { $0.element.model ?? "profiles \($0.offset + 1)" }
        var lines = [
            "Populations of \(first.users) user(s) over \(first.days) day(s), seed \(first.seed), by behaviour model",
            "Each value with its 95 % interval over users (percentile bootstrap, \(PopulationReport.resamples) resamples of the users).",
            "",
            Self.pad("metric", 52) + Self.pad("over", 36) + Self.pad("target", 10) + names.map { Self.pad($0, 30) }.joined(),
        ]
        for (index, metric) in (first.metrics + first.beside).enumerated() {
            let target = (metric.targetIsMaximum ? "< " : metric.reachesTarget ? "≥ " : "> ")
                + PopulationReport.format(metric.target, unit: metric.unit)
            let cells = models.map { report -> String in
                let all = report.metrics + report.beside
                guard index < all.count else { return Self.pad("-", 30) }
                let result = all[index]
                let value = result.value.map { PopulationReport.format($0, unit: result.unit) } ?? "-"
                let interval = result.interval.map {
                    " [\(PopulationReport.format($0.low, unit: result.unit))–\(PopulationReport.format($0.high, unit: result.unit))]"
                } ?? ""
                let verdict = switch result.met {
                case true?: " ✔"
                case false?: " ✘"
                case nil: ""
                }
                return Self.pad(value + interval + verdict, 30)
            }
            lines.append(Self.pad(metric.name.components(separatedBy: " (").first ?? metric.name, 52) + Self.pad(metric.over, 36)
                + Self.pad(target, 10) + cells.joined())
        }
        lines.append("")
        for (name, report) in zip(names, models) {
            let reached = report.phases.dropFirst().map { reach in
                "\(reach.phase.displayName) \(reach.reached)" + (reach.medianDay.map { String(format: " (day %g)", $0) } ?? "")
            }
            lines.append("\(name): phases reached: " + reached.joined(separator: ", "))
            let commands = report.interactionsByCommand.sorted { ($0.value, $1.key) > ($1.value, $0.key) }
                .map { String(format: "%@ %.2f", $0.key, $0.value) }
            lines.append("\(name): interactions per week of use, by command: " + (commands.isEmpty ? "none" : commands.joined(separator: ", ")))
        }
        return lines.joined(separator: "\n") + "\n"
    }

    private static func pad(_ text: String, _ width: Int) -> String {
        text.count >= width ? text + " " : text + String(repeating: " ", count: width - text.count)
    }
}
