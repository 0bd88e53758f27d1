import VigorRPC

/// The lines under `status`'s ghost row when the Ghost is not healthy: since when, which failures, what to do.
enum GhostHealthText {
    static func lines(_ problem: GhostHealthProblem, name: String) -> [String] {
        var lines = ["\(name) since \(when(problem.since))"]
        for failure in problem.failures {
            let times = failure.count == 1 ? "once, \(when(failure.lastAt))" : "\(failure.count) times, last \(when(failure.lastAt))"
            lines.append("\(failure.words) (\(times)): \(failure.whatToDo)")
        }
        if let unrecorded = problem.unrecorded { lines.append(unrecorded) }
        lines.append(problem.recovery)
        return lines
    }

    /// `2026-03-02 07:00` of an RFC 3339 time, in the offset it carries (the user's zone).
    static func when(_ time: RPCTimestamp) -> String {
        "\(time.description.prefix(10)) \(PlanText.clock(time))"
    }
}
