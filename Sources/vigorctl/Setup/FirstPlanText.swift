import VigorRPC

/// The end of setup in words: the phase and why, the week's protected windows, the first proposal, the insight.
enum FirstPlanText {
    static func text(_ plan: SetupFirstPlanMethod.Result) -> String {
        var lines: [String] = []
        let phase = plan.phase == "scheduler" ? "Scheduler" : plan.phase == "observer" ? "Observer" : plan.phase
        if let days = plan.readableHistoryDays, plan.phase == "scheduler", days >= 7 {
            lines.append("Trust: Scheduler. Your calendars and health data show \(days) of the last 90 days, so I skip the week "
                + "of watching and start by suggesting times; nothing goes on your calendar without your yes.")
        } else if let days = plan.readableHistoryDays {
            lines.append("Trust: Observer. I can read \(days) day\(days == 1 ? "" : "s") of your history; I watch until I have "
                + "seen a week, then I start suggesting times (at the latest in 7 days).")
        } else {
            lines.append("Trust: \(phase).")
        }
        if plan.windows.isEmpty {
            lines.append("I found no free window this week" + (plan.notes.last.map { ": \($0)" } ?? "."))
        } else {
            let count = plan.windows.count
            lines.append("I've already found \(count) protected window\(count == 1 ? "" : "s") this week:")
            for window in plan.windows {
                lines.append("  \(DayText.moment(window.start))\(PlanText.kind(window.kind))  \(window.reason)")
            }
        }
        if let block = plan.block {
            let when = (block.kind.map { $0.title + ", " } ?? "")
                + "\(DayText.moment(block.start))-\(PlanText.clock(block.end))"
            lines.append(block.status == "proposed"
                ? "First proposal: \(when). Say yes with `vigorctl accept \(block.id)` or no with "
                    + "`vigorctl decline \(block.id)`. `vigorctl inbox` has it too, and says whether it reached your desktop."
                : "First session: \(when), on your calendar.")
        }
        if plan.block == nil, let waiting = plan.waiting {
            if let evening = waiting.evening, let day = waiting.forDate {
                lines.append("No proposal yet: \(waiting.because). The first one comes on the evening of "
                    + "\(DayText.label(evening)) (\(PlanText.clock(evening))), for \(DayText.label(iso: day)).")
            } else {
                lines.append("No proposal this week: \(waiting.because).")
            }
        }
        if let insight = plan.insight {
            lines.append("")
            lines.append(insight.text)
        } else {
            lines.append("")
            lines.append("No insight yet: under a week of calendar or health history to read. Import your health data "
                + "(vigorctl import FILE) and ask again with `vigorctl absolution`.")
        }
        return lines.joined(separator: "\n")
    }
}
