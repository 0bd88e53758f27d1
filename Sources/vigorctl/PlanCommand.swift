import ArgumentParser
import VigorRPC

struct PlanCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "plan", abstract: "Show the week ahead: blocks on your calendar, likely sessions and why, and why a day has none.")

    @OptionGroup var connection: ConnectionOptions

    @Option(name: .customLong("hold"), help: "Hold a day's likely session in your calendar: YYYY-MM-DD, a weekday (wed) or week.")
    var hold: String?

    @Option(name: .customLong("release"), help: "Free a day's held time: YYYY-MM-DD or a weekday (wed).")
    var release: String?

    @Option(name: .customLong("sessions"), help: "Plan this many sessions a week (the weekly receipt's suggestion), up to sessions_per_week_max.")
    var sessions: Int?

    func validate() throws {
        if hold != nil && release != nil { throw ValidationError("Give --hold or --release, not both.") }
        if sessions != nil && (hold != nil || release != nil) { throw ValidationError("Give --sessions alone, without --hold or --release.") }
        if let sessions, sessions < 0 { throw ValidationError("--sessions must be 0 or more.") }
    }

    func run() throws {
        let client = connection.client
        if let sessions {
            let answer = try CallFailure.perform { () throws(RPCClientError) in
                try client.call(PlanSessionsMethod.self, .init(count: sessions))
            }
            if connection.json { try JSONOutput.print(answer) } else { print(answer.sentence) }
            return
        }
        let week = try CallFailure.perform { () throws(RPCClientError) in
            if let day = hold ?? release {
                return try client.call(PlanHoldMethod.self, .init(day: day, release: release != nil ? true : nil))
            }
            return try client.call(PlanWeekMethod.self)
        }
        if connection.json {
            try JSONOutput.print(week)
            return
        }
        guard let madeAt = week.madeAt else {
            print("No forecast yet: the evening cycle plans the week ahead (vigorctl cycle evening runs it now).")
            return
        }
        if let day = hold { print(day.lowercased() == "week" ? "Held the week ahead." : "Held \(day).") }
        if let day = release { print("Released \(day).") }
        print("The week ahead, as planned \(madeAt.description.prefix(16).replacing("T", with: " ")):")
        for day in week.days { print("  " + WeekText.line(day)) }
    }
}

enum WeekText {
    /// `2026-11-26  likely 07:00 run  free at 07:00; in your preferred window; …`, `2026-11-27  held 07:00 strength  held, still free
    /// to others: …` or `2026-11-28  none  It is a rest day, …`.
    static func line(_ day: PlanDayView) -> String {
        let time = day.start.map { " " + PlanText.clock($0) } ?? ""
        return "\(day.date)  \(day.status)\(time)\(PlanText.kind(day.kind))  \(day.reason)"
    }

    /// One line for `status`: `11-26 likely 07:00 run, 11-27 scheduled 18:00 strength, 11-28 none (rest day)`.
    static func summary(_ days: [PlanDayView]) -> String {
        guard !days.isEmpty else { return "no forecast yet" }
        return days.map { day in
            let time = (day.start.map { " " + PlanText.clock($0) } ?? "") + PlanText.kind(day.kind)
            let why = day.why.map { " (\(words($0)))" } ?? ""
            return "\(day.date.dropFirst(5)) \(day.status)\(time)\(why)"
        }.joined(separator: ", ")
    }

    /// Why a day has no block, in a few words for the `status` line (`vigorctl plan` gives the sentence).
    static func words(_ why: String) -> String {
        switch why {
        case "restDay": "rest day"
        case "travel": "travelling"
        case "noFreeSlot": "no free slot"
        case "weekFull": "sessions on other days"
        case "tooCloseToAnotherSession": "too close to another session"
        case "recoveryTime": "recovery time"
        case "unknownDay": "calendars unreadable"
        case "noSessionKind": "no session kind fits your profile"
        case "declined": "you declined"
        default: why
        }
    }
}
