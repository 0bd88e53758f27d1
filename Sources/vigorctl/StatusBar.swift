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

/// `status` at a glance, for a bar that polls every few seconds: what needs an answer first, then what matters at
/// this moment of the day (`BarMoment`); "quiet" during recovery time; everything else in the tooltip.
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
        tooltip.append(next.map { block in
            let move = block.proposedMove.map { "; a move to \(Self.when($0, now: now)) proposed" } ?? ""
            return "Next block: \(Self.when(block.start, now: now))–\(PlanText.clock(block.end)) (\(block.status)\(move))"
        } ?? "No block ahead today or tomorrow.")
        for block in plan.proposals {
            // A proposed move is a proposal about a block on the calendar: it names both times.
            let what = block.proposedMove.map { "Move proposed: \(Self.noun(block)) \(Self.when(block.start, now: now)) → \(Self.when($0, now: now))" }
                ?? "Proposed \(Self.noun(block)) \(Self.when(block.start, now: now))"
            tooltip.append("\(what): vigorctl accept \(block.id) (or decline)")
        }
        for block in plan.pendingTriage {
            tooltip.append("Missed \(Self.noun(block)) \(Self.when(block.start, now: now)): vigorctl triage answer \(block.id) --reason …")
        }
        tooltip.append("Trust: \(status.ghost.trustPhaseName)\(status.ghost.pinnedByUser ? ", set by you" : "")")
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
            parts += Self.glance(BarMoment.of(status, now: now), status: status, next: next, now: now)
            state = answers > 0 ? .needsAnswer : !failed.isEmpty || status.ghost.ghostHealth != "healthy" ? .warning : .ok
        }
        text = parts.joined(separator: " · ")
        self.tooltip = tooltip.joined(separator: "\n")
        percentage = recovery.map { max(0, min(100, Int($0.score.rounded()))) }
    }

    /// The text of the moment (see `BarMoment`), stale data marked in it.
    static func glance(_ moment: BarMoment, status: DaemonStatus, next: BlockView?, now: Date) -> [String] {
        let recovery = status.health.recovery.map { score in
            "recovery \(Int(score.score.rounded()))" + (score.carriedOver || score.freshness == "expired" ? " (stale)" : "")
        }
        let calendarsStale = status.sources.contains { ["veryStale", "expired", "unknown"].contains($0.freshness) }
        switch moment {
        case .afterWorkout(let kind):
            let done = (kind?.title ?? "Workout") + " done"
            guard let streak = status.streak, streak > 0 else { return [done] }
            return [done, "streak \(streak)"]
        case .morning:
            var parts = recovery.map { [$0] } ?? []
            let today = status.plan.today.filter { $0.status != "proposed" }.sorted { $0.start.date < $1.start.date }
            if let changed = today.first(where: { $0.transformation != nil }), let change = changed.transformation {
                let what = changed.kind?.title ?? "block"
                parts.append(change.removed
                    ? "today's \(what.lowercased()) removed"
                    : "\(what) \(change.originalMinutes)→\(Self.minutes(changed)) min at \(PlanText.clock(changed.start))")
            } else if let first = today.first(where: { $0.status == "scheduled" && $0.end.date > now }) {
                parts.append("\(first.kind?.title ?? "block") \(PlanText.clock(first.start)) unchanged")
            } else {
                parts.append("no block today")
            }
            return parts
        case .workday:
            let stale = calendarsStale ? " (calendar stale)" : ""
            if let next, Self.when(next.start, now: now) == PlanText.clock(next.start) {
                let what = next.kind?.title ?? "Block"
                if next.start.date <= now { return ["\(what) now until \(PlanText.clock(next.end))"] }
                return ["\(what) in \(Self.countdown(next.start.date.timeIntervalSince(now)))" + stale]
            }
            // Nothing more today: what today was, then the next block or held session of the days ahead.
            let done = status.plan.today.contains { $0.status == "completed" }
            let later = next.map { Self.when($0.start, now: now) } ?? Self.nextInWeek(status.plan.week, now: now)
            guard let later else { return [(done ? "done today" : "no block") + stale] }
            return [done ? "done today" : "no block today", "next \(later)" + stale]
        case .evening:
            var ghost = status.ghost.trustPhaseName
            if status.ghost.ghostHealth != "healthy" { ghost += " (\(status.ghost.ghostHealthName.lowercased()))" }
            let tomorrow = status.plan.tomorrow.filter { $0.status == "scheduled" || $0.status == "proposed" }
                .min { $0.start.date < $1.start.date }
            return [ghost, tomorrow.map { "tomorrow \(($0.kind?.title ?? "block").lowercased()) \(PlanText.clock($0.start))" } ?? "nothing tomorrow"]
        }
    }

    /// The first block or held session of the week ahead after `now`: "Wed 07:00", "Wed 07:00 (held)"; nil when none.
    static func nextInWeek(_ week: [PlanDayView], now: Date) -> String? {
        let ahead = week.filter { ["scheduled", "proposed", "held"].contains($0.status) }
            .compactMap { day in day.start.map { (day, $0) } }
            .filter { $0.1.date > now }
            .min { $0.1.date < $1.1.date }
        return ahead.map { day, start in Self.when(start, now: now) + (day.status == "held" ? " (held)" : "") }
    }

    /// "run", "strength training", or "block" for a block placed before sessions had kinds.
    static func noun(_ block: BlockView) -> String {
        block.kind.map { $0.title.lowercased() } ?? "block"
    }

    /// "2h 10m", "2h", "45m", "under 1m".
    static func countdown(_ seconds: TimeInterval) -> String {
        let minutes = Int((seconds / 60).rounded(.down))
        if minutes < 1 { return "under 1m" }
        guard minutes >= 60 else { return "\(minutes)m" }
        return minutes % 60 == 0 ? "\(minutes / 60)h" : "\(minutes / 60)h \(minutes % 60)m"
    }

    private static func minutes(_ block: BlockView) -> Int {
        Int((block.end.date.timeIntervalSince(block.start.date) / 60).rounded())
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
