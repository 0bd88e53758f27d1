import ArgumentParser
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import CivilCalendar
import VigorRPC

#if canImport(Glibc)
import Glibc
#endif

struct StatusCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "status", abstract: "Show what the daemon is doing.",
        discussion: """
            --bar prints one line for a status bar: waybar's JSON (text, tooltip, class, percentage), or with --bar=plain the text alone (i3blocks, polybar). Class: quiet, needs-answer, warning, ok, or down when vigord does not answer; then the line says so and the exit status is 0, so the bar shows it.
            """)

    @Option(name: .long, help: ArgumentHelp("One line for a status bar: waybar (the default of a bare --bar) or plain.", valueName: "waybar|plain"))
    var bar: BarFormat?

    @OptionGroup var connection: ConnectionOptions

    func run() throws {
        let client = connection.client
        if let bar {
            let line: String
            do {
                line = try StatusBar(try CallFailure.perform { () throws(RPCClientError) in try client.call(StatusMethod.self) }).line(bar)
            } catch let failure as CommandFailure {
                line = try StatusBar(down: failure).line(bar)
            }
            return print(line)
        }
        let status = try CallFailure.perform { () throws(RPCClientError) in try client.call(StatusMethod.self) }
        if connection.json {
            try JSONOutput.print(status)
            return
        }
        print(StatusText.render(status, style: TerminalStyle.detect()))
    }
}

/// The trust phase in words: the level, and what moves it only where there is evidence (a phase set by hand that
/// the Ghost's record does not earn steps down when handed back). The score is the engine's own number.
enum TrustText {
    /// ", set by you; handed back, it steps down one phase a day until Scheduler", ", set by you", or "".
    static func pin(_ ghost: GhostStatus) -> String {
        guard ghost.pinnedByUser else { return "" }
        return ", set by you" + (ghost.phaseOnReleaseName.map { "; handed back, it steps down one phase a day until \($0)" } ?? "")
    }
}

/// Bold headings on a terminal, plain text otherwise or when NO_COLOR is set.
struct TerminalStyle {
    var enabled: Bool

    static func detect() -> TerminalStyle {
        let noColor = ProcessInfo.processInfo.environment["NO_COLOR"].map { !$0.isEmpty } ?? false
        return TerminalStyle(enabled: isatty(STDOUT_FILENO) == 1 && !noColor)
    }

    func bold(_ text: String) -> String { enabled ? "\u{1B}[1m\(text)\u{1B}[0m" : text }
    func red(_ text: String) -> String { enabled ? "\u{1B}[31m\(text)\u{1B}[0m" : text }
}

/// The human form of `status`: readable at a glance.
enum StatusText {
    static func render(_ status: DaemonStatus, style: TerminalStyle) -> String {
        var lines = [style.bold("vigord \(status.version)") + " running, pid \(status.pid), up \(duration(status.uptimeSeconds))"]
        func row(_ label: String, _ value: String) {
            lines.append("  " + TextFormat.padded(label, to: 12) + value)
        }
        row("since", "\(DayText.moment(status.startedAt)) (\(status.timezone))")
        row("socket", "\(status.socket) (\(status.socketOrigin == "systemd" ? "from systemd" : "bound by vigord"))")
        row("config", status.configSource == "file" ? status.configPath : "\(status.configPath) (not found: using defaults)")
        row("database", "\(status.database.path) (schema \(status.database.schemaVersion))")
        let ghost = status.ghost
        row("trust", style.bold(ghost.trustPhaseName) + TrustText.pin(ghost))
        row("may", ghost.capabilities.isEmpty ? "observe and learn only" : ghost.capabilities.map(CapabilityText.phrase).joined(separator: ", "))
        if let profile = status.profile {
            let equipment = profile.equipment.isEmpty ? "no equipment" : "equipment " + profile.equipment.joined(separator: ", ")
            let injuries = profile.injuries.isEmpty ? "no injuries" : "injuries " + profile.injuries.joined(separator: ", ")
            row("profile", "\(equipment); \(injuries)")
            if let ruledOut = profile.ruledOut { row("ruled out", ruledOut) }
            for note in profile.notUnderstood ?? [] { row("note", note) }
        }
        row("health", "\(ghost.healthPhaseName) phase, confidence \(Percent.text(ghost.healthConfidence)): \(ghost.healthPhaseLine)")
        row("ghost", ghost.ghostHealth == "healthy" ? ghost.ghostHealthName : style.red(ghost.ghostHealthName))
        if let problem = ghost.ghostHealthProblem {
            for line in GhostHealthText.lines(problem, name: ghost.ghostHealthName) { row("", line) }
        }
        if ghost.breakerDeletions > 0 { row("breaker", "\(ghost.breakerDeletions) of your deletions in a row") }
        if status.emergency.active, let until = status.emergency.endsAt {
            row("recovery", style.red("Recovery Time until \(DayText.moment(until)): the Ghost is quiet"))
        }
        let plan = status.plan
        if let apology = plan.apology { row("ghost says", apology) }
        row("today", PlanText.list(plan.today))
        row("tomorrow", PlanText.list(plan.tomorrow))
        row("week", WeekText.summary(plan.week) + (plan.week.isEmpty ? "" : "  (vigorctl plan)"))
        if let held = plan.week.first(where: { $0.status == "held" }), let start = held.start {
            row("next hold", "\(DayText.moment(start)), " + (held.defended == true ? "busy to others" : "still free to others"))
        }
        if !plan.proposals.isEmpty {
            row("proposals", PlanText.list(plan.proposals) + "  (vigorctl accept|decline ID)")
        }
        if !plan.pendingTriage.isEmpty {
            row("missed", PlanText.list(plan.pendingTriage) + "  (vigorctl triage answer ID --reason ...)")
        }
        for source in status.sources {
            // Past fresh, the age beside the word: "expired" alone reads as a calendar that expired.
            let age = source.freshness == "fresh" ? "" : source.ageSeconds.map { "read \(duration($0)) ago, " } ?? ""
            let text = !source.ok && source.freshness == "unknown"
                ? "\(source.name): failed, its days unknown (vigorctl sources says why)"
                : "\(source.name): \(source.ok ? "" : "failed, ")\(age)\(SourceText.freshness(source.freshness))"
            row("calendar", source.ok && source.freshness == "fresh" ? text : style.red(text))
        }
        if !status.calendarWrites.ok {
            row("calendar", style.red("vigord's calendar cannot be written: \(status.calendarWrites.reason ?? "")"))
        }
        if !status.storage.ok {
            row("storage", style.red("vigord cannot save its state since \(status.storage.failingSince.map(DayText.moment) ?? "?"): \(status.storage.reason ?? "")"))
        }
        for source in status.healthSources ?? [] {
            if !source.ok {
                row("health", style.red("\(source.name): failed, nothing new read from it (vigorctl sources says why)"))
            } else if !source.present {
                row("health", "\(source.name): not there now, read when it is")
            } else {
                let newest = source.newestSampleAt.map { "newest sample \(String($0.description.prefix(10))) \(PlanText.clock($0))" }
                row("health", "\(source.name): watched, " + (newest ?? "no sample yet"))
            }
        }
        for line in HealthAgeText.lines(status.health) {
            row(line.label, line.fresh ? line.text : style.red(line.text))
        }
        if !status.travel.ranges.isEmpty {
            row("travel", (status.travel.travellingToday ? "travelling today; " : "") + status.travel.ranges.joined(separator: ", "))
        }
        row("morning", "next \(DayText.moment(status.nextCycles.morning))")
        row("evening", "next \(DayText.moment(status.nextCycles.evening))")
        if let reload = status.lastReload {
            row("last reload", reload.ok ? "\(DayText.moment(reload.at)) ok" : "\(DayText.moment(reload.at)) " + style.red("refused: \(reload.error ?? "")"))
        }
        return lines.joined(separator: "\n")
    }

    static func duration(_ seconds: Int) -> String {
        let days = seconds / 86_400
        let hours = seconds % 86_400 / 3600
        let minutes = seconds % 3600 / 60
        if days > 0 { return "\(days)d \(hours)h" }
        if hours > 0 { return "\(hours)h \(minutes)m" }
        if minutes > 0 { return "\(minutes)m \(seconds % 60)s" }
        return "\(seconds)s"
    }
}

/// Capability names from the API, as phrases.
enum CapabilityText {
    static func phrase(_ name: String) -> String {
        switch name {
        case "propose": "propose blocks"
        case "writeCalendar": "write blocks"
        case "transform": "transform blocks"
        case "move": "move blocks you accepted"
        default: name
        }
    }
}

/// Blocks as one line: `b3 07:00-07:45 scheduled, b4 18:00-18:45 proposed`.
enum PlanText {
    /// " (shortened from 45 min by hrvCrash; vigorctl revert b7)", or "" for an unchanged block.
    static func change(_ block: BlockView) -> String {
        guard let change = block.transformation else { return "" }
        let what = change.removed ? "removed" : "shortened from \(change.originalMinutes) min"
        let answer = change.answer.map { "; \($0)" } ?? "; vigorctl revert \(block.id)"
        return " (\(what) by \(KebabName.kebab(change.rule))\(answer))"
    }

    static func list(_ blocks: [BlockView]) -> String {
        guard !blocks.isEmpty else { return "no blocks" }
        return blocks.map { "\($0.id) \(clock($0.start))-\(clock($0.end)) \($0.status)\(kind($0.kind))\(change($0))\(move($0))" }
            .joined(separator: ", ")
    }

    /// " (a move to Sat 19:15 proposed)" for a block the Ghost asked to move, or "".
    static func move(_ block: BlockView) -> String {
        block.proposedMove.map { " (a move to \(DayText.moment($0)) proposed)" } ?? ""
    }

    /// " run", " strength", or "" for a block placed before sessions had kinds.
    static func kind(_ kind: SessionKind?) -> String {
        kind.map { " " + $0.rawValue } ?? ""
    }

    /// `HH:MM` of an RFC 3339 time, in the offset it carries (the user's zone).
    static func clock(_ time: RPCTimestamp) -> String {
        String(time.description.dropFirst(11).prefix(5))
    }
}

/// The health rows of `status`: how old the newest data and the recovery score are, in the calendars' words.
enum HealthAgeText {
    static func lines(_ health: HealthAgeStatus) -> [(label: String, text: String, fresh: Bool)] {
        var lines: [(label: String, text: String, fresh: Bool)] = []
        if let at = health.newestDataAt, let age = health.ageSeconds {
            let what = health.newestDataKind == "checkIn" ? "check-in given" : "\(health.newestDataKind ?? "sample") ended"
            lines.append(("health data", "newest \(what) \(DayText.moment(at)) (\(StatusText.duration(age)) ago): "
                + SourceText.freshness(health.freshness), health.freshness == "fresh"))
        } else {
            lines.append(("health data", "none yet (vigorctl import FILE, or vigorctl checkin)", true))
        }
        if let recovery = health.recovery {
            let age = recovery.dataAgeSeconds.map { "data \(StatusText.duration($0)) old, " } ?? ""
            // An earlier day's score (the last morning had none) is not "nothing new to read": say what is known.
            let earlierDay = health.lastMorning.map { String($0.ranAt.description.prefix(10)) > recovery.date } ?? false
            let kept = !recovery.carriedOver ? "" : earlierDay ? ", carried over: today has no score yet" : ", carried over: nothing new to read"
            lines.append(("score", "recovery \(Int(recovery.score.rounded()))/100 for \(DayText.label(iso: recovery.date)) (\(age)"
                + "\(SourceText.freshness(recovery.freshness))\(kept))", !recovery.carriedOver && recovery.freshness != "expired"))
        }
        if let morning = health.lastMorning, !morning.newHealthData {
            lines.append(("new data", "none at the last morning cycle (\(DayText.moment(morning.ranAt))): nothing new to read", false))
        }
        return lines
    }
}

enum SourceText {
    /// The freshness name from the API in words (`slightly stale`).
    static func freshness(_ name: String) -> String {
        Freshness(rawValue: name)?.words ?? name
    }
}
