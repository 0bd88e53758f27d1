import ArgumentParser
import VigorRPC

struct PlanCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "plan", abstract: "Show the week ahead: blocks on your calendar, likely sessions and why, and why a day has none.")

    @OptionGroup var connection: ConnectionOptions

    func run() throws {
        let client = connection.client
        let week = try CallFailure.perform { () throws(RPCClientError) in try client.call(PlanWeekMethod.self) }
        if connection.json {
            try JSONOutput.print(week)
            return
        }
        guard let madeAt = week.madeAt else {
            print("No forecast yet: the evening cycle plans the week ahead (vigorctl cycle evening runs it now).")
            return
        }
        print("The week ahead, as planned \(madeAt.description.prefix(16).replacing("T", with: " ")):")
        for day in week.days { print("  " + WeekText.line(day)) }
    }
}

enum WeekText {
    /// `2026-11-26  likely 07:00  free at 07:00, score 0.82; …` or `2026-11-28  none  It is a rest day, …`.
    static func line(_ day: PlanDayView) -> String {
        let time = day.start.map { " " + PlanText.clock($0) } ?? ""
        return "\(day.date)  \(day.status)\(time)  \(day.reason)"
    }

    /// One line for `status`: `Thu 07:00 likely, Fri scheduled 18:00, Sat none (restDay)`.
    static func summary(_ days: [PlanDayView]) -> String {
        guard !days.isEmpty else { return "no forecast yet" }
        return days.map { day in
            let time = day.start.map { " " + PlanText.clock($0) } ?? ""
            let why = day.why.map { " (\($0))" } ?? ""
            return "\(day.date.dropFirst(5)) \(day.status)\(time)\(why)"
        }.joined(separator: ", ")
    }
}
