import ArgumentParser
import CivilCalendar
import VigorRPC

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The two forms of `vigorctl status --bar`.
enum BarFormat: String, ExpressibleByArgument, CaseIterable {
    /// One JSON object in waybar's custom-module format (`return-type: json`).
    case waybar
    /// One line of text, for i3blocks and polybar.
    case plain
}

/// `status` at a glance, for a bar that polls every few seconds: the next block, the recovery score and the
/// streak in the text; what needs an answer first; "quiet" during recovery time; everything else in the tooltip.
/// Times are the wall times the reply carries (the daemon writes them in the user's zone), and "now" is the
/// daemon's (`startedAt` + `uptimeSeconds`), so the bar agrees with what vigord decides.
struct StatusBar: Encodable, Equatable {
    /// `quiet` (recovery time), `needs-answer` (a proposal or a missed block waits), `warning` (a calendar source
    /// failed or the Ghost is not healthy), `ok`, or `down` (vigord did not answer).
    enum State: String, Encodable {
        case quiet, needsAnswer = "needs-answer", warning, ok, down
    }

    let text: String
    let tooltip: String
    let state: State
    /// The recovery score, 0-100, when there is one (waybar's format-icons and states read it).
    let percentage: Int?

    private enum CodingKeys: String, CodingKey {
        case text, tooltip, state = "class", percentage
    }

    init(_ status: DaemonStatus) {
        let now = status.startedAt.date.addingTimeInterval(Double(status.uptimeSeconds))
        let plan = status.plan
        let next = (plan.today + plan.tomorrow)
            .filter { ($0.status == "scheduled" || $0.status == "proposed") && $0.end.date > now }
            .min { $0.start.date < $1.start.date }
        let recovery = status.health.recovery
        let answers = plan.proposals.count + plan.pendingTriage.count
        var tooltip: [String] = []
        if status.emergency.active, let until = status.emergency.endsAt {
            tooltip.append("Recovery Time until \(Self.when(until, now: now)): the Ghost is quiet.")
        }
        tooltip.append(next.map { "Next block: \(Self.when($0.start, now: now))–\(PlanText.clock($0.end)) (\($0.status))" }
            ?? "No block ahead today or tomorrow.")
        for block in plan.proposals {
            tooltip.append("Proposed \(block.id) \(Self.when(block.start, now: now)): vigorctl accept \(block.id) (or decline)")
        }
        for block in plan.pendingTriage {
            tooltip.append("Missed \(block.id) \(Self.when(block.start, now: now)): vigorctl triage answer \(block.id) --reason …")
        }
        let pin = status.ghost.pinnedByUser ? ", set by you" : ""
        tooltip.append("Trust: \(status.ghost.trustPhaseName) (\(Percent.text(status.ghost.trustScore))\(pin))")
        tooltip.append(recovery.map { "Recovery: \(Int($0.score.rounded()))/100 for \($0.date) (\(SourceText.freshness($0.freshness)))" }
            ?? "Recovery: no score yet")
        tooltip.append(status.streak.map { "Streak: \($0) strong week\($0 == 1 ? "" : "s") in a row" } ?? "Streak: no weekly receipt yet")
        let failed = status.sources.filter { !$0.ok }
        for source in failed { tooltip.append("Calendar \(source.name) failed: vigorctl sources") }
        if status.ghost.ghostHealth != "healthy" { tooltip.append("Ghost: \(status.ghost.ghostHealthName)") }

        var parts: [String] = []
        if status.emergency.active {
            state = .quiet
            parts.append("quiet" + (status.emergency.endsAt.map { " until \(Self.when($0, now: now))" } ?? ""))
        } else {
            if answers > 0 { parts.append("\(answers) to answer") }
            parts.append(next.map { "next \(Self.when($0.start, now: now))" } ?? "no block")
            if let recovery { parts.append("recovery \(Int(recovery.score.rounded()))") }
            if let streak = status.streak, streak > 0 { parts.append("streak \(streak)") }
            state = answers > 0 ? .needsAnswer : !failed.isEmpty || status.ghost.ghostHealth != "healthy" ? .warning : .ok
        }
        text = parts.joined(separator: " · ")
        self.tooltip = tooltip.joined(separator: "\n")
        percentage = recovery.map { max(0, min(100, Int($0.score.rounded()))) }
    }

    /// What a bar shows when vigord did not answer: the failure's sentence in the tooltip.
    init(down failure: CommandFailure) {
        text = "vigord off"
        tooltip = failure.message
        state = .down
        percentage = nil
    }

    /// The line to print in `format`.
    func line(_ format: BarFormat) throws -> String {
        switch format {
        case .plain: return text
        case .waybar: return String(decoding: try RPCCoding.makeEncoder().encode(self), as: UTF8.self)
        }
    }

    /// `18:00` on the day of `now` (in the time's own offset), `Sat 07:00` on another day.
    static func when(_ time: RPCTimestamp, now: Date) -> String {
        func day(_ date: Date) -> Int {
            Int(((date.timeIntervalSince1970 + Double(time.offsetSeconds)) / 86_400).rounded(.down))
        }
        let days = day(time.date)
        guard days != day(now) else { return PlanText.clock(time) }
        return "\(WeekdayName.label(of: LocalDay(ordinal: days).weekday)) \(PlanText.clock(time))"
    }
}
