import Foundation
import GhostEngine

extension PopulationReport {
    /// Pretty JSON with sorted keys: the same report gives byte-identical text.
    /// - Throws: `EncodingError` only for non-finite numbers, which the report never holds.
    public func jsonText() throws -> String {
        try SortedJSON.text(self)
    }

    /// The metrics against their targets, then the median first day of each trust phase.
    public func text() -> String {
        var lines = ["Population of \(users) user(s) over \(days) day(s), seed \(seed)" + (model.map { ", model \($0)" } ?? ""), ""]
        lines.append(Self.pad("metric", 62) + Self.pad("over", 31) + Self.pad("value [95 % interval]", 28) + Self.pad("target", 12) + "verdict")
        for metric in metrics + beside {
            let verdict = switch metric.met {
            case true?: "met"
            case false?: "MISSED"
            case nil: "n/a"
            }
            let value = (metric.value.map { Self.format($0, unit: metric.unit) } ?? "-")
                + (metric.interval.map { " [\(Self.format($0.low, unit: metric.unit))–\(Self.format($0.high, unit: metric.unit))]" } ?? "")
            let target = (metric.targetIsMaximum ? "< " : metric.reachesTarget ? "≥ " : "> ") + Self.format(metric.target, unit: metric.unit)
            lines.append(Self.pad(metric.name, 62) + Self.pad(metric.over, 31) + Self.pad(value, 28) + Self.pad(target, 12) + verdict
                + (metric.note.map { "  (\($0))" } ?? ""))
        }
        let commands = interactionsByCommand.sorted { ($0.value, $1.key) > ($1.value, $0.key) }
            .map { String(format: "%@ %.2f", $0.key, $0.value) }
        lines += ["", "interactions per week of use, by command: " + (commands.isEmpty ? "none" : commands.joined(separator: ", "))]
        lines += ["", Self.pad("trust phase", 18) + Self.pad("reached", 10) + "median first day"]
        for reach in phases {
            lines.append(Self.pad(reach.phase.displayName, 18) + Self.pad("\(reach.reached)", 10)
                + (reach.medianDay.map { String(format: "%g", $0) } ?? "-"))
        }
        return lines.joined(separator: "\n") + "\n"
    }

    static func format(_ value: Double, unit: String) -> String {
        switch unit {
        case "share": String(format: "%.1f %%", value * 100)
        case "hours": value < 1 ? String(format: "%.0f min", value * 60) : String(format: "%.1f h", value)
        case "minutes": value < 60 ? String(format: "%.0f min", value) : String(format: "%.1f h", value / 60)
        default: String(format: "%.2f", value)
        }
    }

    private static func pad(_ text: String, _ width: Int) -> String {
        text.count >= width ? text + " " : text + String(repeating: " ", count: width - text.count)
    }
}
