import CivilCalendar
import Foundation

/// A decision receipt told in English first: one headline sentence in the seed's words ("Scheduled for Wed 07:00
/// because …"), then the factors that mattered, each with a readable value and whether it helped, hurt or was neutral.
/// Built once, from the receipt, for every client; the raw inputs stay on the receipt.
public struct DecisionExplanation: Codable, Sendable, Equatable {
    /// How a factor weighed on the decision.
    public enum Impact: String, Codable, Sendable {
        case helped, hurt, neutral
    }

    /// One factor row: a name people read, its value in words or units, its impact.
    public struct Factor: Codable, Sendable, Equatable {
        public let name: String
        public let value: String
        public let impact: Impact

        public init(name: String, value: String, impact: Impact) {
            self.name = name
            self.value = value
            self.impact = impact
        }
    }

    public let headline: String
    public let factors: [Factor]

    /// Explains `receipt`, with times in `timeZone`. `neutral` is the slot finder's neutral factor value (a factor
    /// above it helped, below it hurt).
    public init(_ receipt: DecisionReceipt, timeZone: TimeZone, neutral: Double = 0.5) {
        let calendar = LocalCalendar(timeZone: timeZone)
        let inputs = Dictionary(receipt.inputs.map { ($0.name, $0.value) }, uniquingKeysWith: { first, _ in first })
        let parser = ISO8601DateFormatter()
        let time = { (name: String) -> String? in
            guard let text = inputs[name], let date = parser.date(from: text) else { return nil }
            let moment = calendar.moment(at: date)
            return SlotKey(moment).label(minute: moment.minute)
        }
        let startDay = inputs["start"].flatMap { parser.date(from: $0) }.map { calendar.day(of: $0) }
        if let cause = inputs["conflict"] {
            let date = { (name: String) in inputs[name].flatMap { parser.date(from: $0) } }
            headline = Self.replanHeadline(receipt, cause: cause, start: date("start"), target: date("target"), calendar: calendar)
            factors = [
                Factor(name: "What changed", value: cause, impact: .hurt),
                Factor(name: "Was at", value: time("start") ?? "unknown", impact: .neutral),
                Factor(name: "Moved to", value: time("target") ?? "none in the next days", impact: .neutral),
            ] + Self.factors(receipt, inputs: inputs, neutral: neutral)
            return
        }
        headline = Self.headline(receipt, inputs: inputs, time: time, startDay: startDay, calendar: calendar, neutral: neutral)
        factors = Self.factors(receipt, inputs: inputs, neutral: neutral)
    }

    /// The seed's sentence for a placement, said only when the history of past sessions helped choose the slot.
    static let historySentence =
        "because this window had the best combination of calendar availability and your historical energy patterns."

    /// Why a slot was chosen, from the slot finder's factors on its receipt: the seed's sentence when your past
    /// sessions at that hour raised its score, otherwise what did ("because your calendars are free then and it is
    /// inside your preferred hours."). Nil when the receipt carries no slot factors (nothing to say what decided).
    static func placementReason(_ inputs: [String: String], neutral: Double = 0.5) -> String? {
        guard let preferred = inputs["preferredWindow"].flatMap(Double.init) else { return nil }
        let unreadable = inputs["autonomy"] == "proposalOnly"
        if !unreadable, let learned = inputs["learnedPreference"].flatMap(Double.init), learned > neutral + 1e-9 { return historySentence }
        var reasons = [freeCalendarsReason(unreadableCalendar: unreadable)]
        if inputs["inOwnHours"] == "yes" {
            reasons.append("it is at the hours you have been training on your own")
        } else if preferred > neutral + 1e-9 { reasons.append("it is inside your preferred hours") }
        if preferred < neutral - 1e-9 { reasons.append("it was the best free time that day, although outside your preferred hours") }
        if let morning = inputs["weekendMorning"]?.split(separator: ";").first {
            reasons.append("the weekend morning is \(morning)")
        }
        let unread = unreadable ? " A calendar could not be read for that day, so it can only be a suggestion." : ""
        return "because " + reasons.joined(separator: " and ") + "." + unread
    }

    /// What the calendars say of a chosen slot: all of them, or only those that could be read (a source failed for
    /// that day, the placement's `autonomy` input is `proposalOnly`), which is then all that can be said.
    public static func freeCalendarsReason(unreadableCalendar: Bool) -> String {
        unreadableCalendar ? "the calendars I could read are free then" : "your calendars are free then"
    }

    /// A re-planning decision in its own words: what moved where, and what now covers the old time.
    private static func replanHeadline(
        _ receipt: DecisionReceipt, cause: String, start: Date?, target: Date?, calendar: LocalCalendar
    ) -> String {
        guard let start else { return receipt.reason }
        switch receipt.action {
        case .moved, .proposed:
            guard let target else { return receipt.reason }
            return ReplanSentence.moved(from: start, to: target, cause: cause, proposal: receipt.action == .proposed, calendar: calendar)
        case .moveProposed:
            guard let target else { return receipt.reason }
            return ReplanSentence.moveSuggested(from: start, to: target, cause: cause, calendar: calendar)
        case .removed:
            return ReplanSentence.removed(from: start, cause: cause, calendar: calendar)
        default:
            return receipt.reason
        }
    }

    /// The seed's sentence for the decision kinds it names; the receipt's own reason for the rest.
    private static func headline(
        _ receipt: DecisionReceipt, inputs: [String: String], time: (String) -> String?, startDay: LocalDay?,
        calendar: LocalCalendar, neutral: Double
    ) -> String {
        switch receipt.action {
        case .scheduled where inputs[Ghost.weekAcceptedInput] != nil:
            return receipt.reason
        case .scheduled:
            guard let start = time("start"), let why = placementReason(inputs, neutral: neutral) else { return receipt.reason }
            return "Scheduled for \(start) \(why)"
        case .proposed:
            guard let start = time("start"), let why = placementReason(inputs, neutral: neutral) else { return receipt.reason }
            return "Suggested \(start) \(why)"
        case .transformed:
            guard let before = inputs["durationMinutes"], let after = inputs["newDurationMinutes"] else { return receipt.reason }
            let to = inputs["rule"] == TransformationRule.hrvCrash.rawValue ? "a \(after)-minute recovery walk" : "\(after) minutes"
            return "Changed from a \(before)-minute session to \(to) because your recovery signals suggested your body needs "
                + "gentler movement today."
        case .removed:
            let which = startDay.map { $0 != calendar.day(of: receipt.at) } == true ? (time("start").map { "the \($0) workout" } ?? "the workout") : "today's workout"
            guard inputs["rule"] == TransformationRule.shortSleep.rawValue else {
                return "Removed \(which) because your recovery signals suggested rest would help more than training."
            }
            return "Removed \(which) because your sleep was significantly below your baseline, and pushing through would "
                + "likely hurt more than help."
        case .trustChanged where inputs["cause"] == "demoted", .breakerFired:
            guard let phase = toPhase(receipt) else { return receipt.reason }
            return "Stepped back to \(phase) because recent schedule changes suggested the timing wasn't working for you."
        default:
            return receipt.reason
        }
    }

    /// The phase a trust receipt moved to, read from its state inputs (they are taken after the change).
    private static func toPhase(_ receipt: DecisionReceipt) -> String? {
        receipt.inputs.first { $0.name == "trustPhase" }.flatMap { TrustPhase(rawValue: $0.value)?.displayName }
    }

    /// Factor rows: the score components in the receipt's order, then confidence, ghost health and trust phase.
    private static func factors(_ receipt: DecisionReceipt, inputs: [String: String], neutral: Double) -> [Factor] {
        let rows = receipt.inputs.compactMap { factor($0, inputs: inputs, neutral: neutral) }
        let state: Set = ["Confidence", "Ghost health", "Trust phase"]
        return rows.filter { !state.contains($0.name) } + rows.filter { state.contains($0.name) }
    }

    private static func factor(_ input: ReceiptInput, inputs: [String: String], neutral: Double) -> Factor? {
        let number = Double(input.value.split(separator: " ").first ?? "")
        let above = { (value: Double) -> Impact in value > neutral + 1e-9 ? .helped : (value < neutral - 1e-9 ? .hurt : .neutral) }
        // Skip-model factors carry "value (log-odds)", a rate also " from N sessions": added odds of skipping hurt,
        // removed odds helped.
        let logOdds = input.value.split(separator: "(").dropFirst().first?.split(separator: ")").first
            .flatMap { Double($0.trimmingCharacters(in: .whitespaces)) }
        let skipImpact = logOdds.map { $0 < -1e-9 ? Impact.helped : ($0 > 1e-9 ? .hurt : .neutral) } ?? .neutral
        let sessions = input.value.components(separatedBy: " from ").dropFirst().first?.split(separator: " ").first.flatMap { Int($0) }
        switch input.name {
        case "preferredWindow":
            guard let value = number else { return nil }
            let words = value > neutral ? "inside your preferred times" : (value < neutral ? "outside your preferred times" : "no preferred times set")
            return Factor(name: "Preferred times", value: words, impact: above(value))
        case "learnedPreference":
            // The slot finder's estimate for the weekday and hour, from the past sessions there (none: the neutral value).
            guard let value = number else { return nil }
            let past = inputs["pastSessions"].flatMap { Int($0) }
            let words = if abs(value - neutral) >= 1e-9 { "\(Percent.text(value)) likely done at this weekday and hour" }
                else if past == 0 { "no history yet" }
                else { "no lean either way at this weekday and hour" + (past.map { " (\($0) past session\($0 == 1 ? "" : "s") in all)" } ?? "") }
            return Factor(name: "Your past sessions", value: words, impact: above(value))
        case "ownHours":
            // What the plan follows of the user's own training (`PlanFollowing`): helped when the slot lies in those hours.
            return Factor(name: "Your own training", value: input.value, impact: inputs["inOwnHours"] == "yes" ? .helped : .neutral)
        case "plannedSessions":
            return Factor(name: "Sessions a week", value: input.value, impact: .neutral)
        case "skipProbability":
            guard let value = number else { return nil }
            return Factor(name: "Skip risk", value: Percent.text(value), impact: above(1 - value))
        case "slotHistory":
            // The skip model shrinks an hour's rate towards its weekday's, and shows the hour's log-odds as the weekday's
            // effect and the rest: this row is weighed against its weekday (the next row against all days).
            guard let value = number else { return nil }
            let weekday = inputs["weekday"].flatMap { Double($0.split(separator: " ").first ?? "") }
            let counted = sessions.map { " from \($0) session\($0 == 1 ? "" : "s")" } ?? ""
            guard let weekday else { return Factor(name: "Skips at this hour", value: Percent.text(value) + counted, impact: skipImpact) }
            let words = sessions == 0 ? "none yet at this hour, so as on this weekday (\(Percent.text(value)))"
                : "\(Percent.text(value))\(counted), against \(Percent.text(weekday)) on this weekday"
            let impact: Impact = value > weekday + 1e-9 ? .hurt : (value < weekday - 1e-9 ? .helped : .neutral)
            return Factor(name: "Skips at this hour", value: words, impact: impact)
        case "weekday":
            // Weighed against the rate of all days: the log-odds are the difference of the two.
            guard let value = number else { return nil }
            let overall = logOdds.map { 1 / (1 + exp(-(log(value / (1 - value)) - $0))) }
            let words = sessions == 0 ? "none yet on this weekday, so as on all days (\(Percent.text(value)))"
                : "\(Percent.text(value))" + (sessions.map { " from \($0) session\($0 == 1 ? "" : "s")" } ?? "")
                    + (overall.map { ", against \(Percent.text($0)) on all days" } ?? "")
            return Factor(name: "Skips on this weekday", value: words, impact: skipImpact)
        case "meetingDensity":
            return number.map { Factor(name: "Busy hours that day", value: String(format: "%.1f h", $0), impact: skipImpact) }
        case "lastNightSleep":
            // The skip model writes "no data" when no sleep was recorded: it was not counted either way.
            if input.value.hasPrefix("no data") { return Factor(name: "Last night's sleep", value: "no data", impact: .neutral) }
            return number.map { Factor(name: "Last night's sleep", value: String(format: "%.1f h", $0 / 60), impact: skipImpact) }
        case "candidateConfidence", "adjustmentConfidence":
            guard let value = number, let threshold = inputs["autonomousThreshold"].flatMap(Double.init) else { return nil }
            return Factor(
                name: "Confidence", value: "\(Percent.text(value)) (needs \(Percent.text(threshold)) to act alone)",
                impact: value >= threshold ? .helped : .hurt)
        case "ghostHealth":
            guard input.value != "healthy" else { return nil }
            return Factor(name: "Ghost health", value: input.value, impact: .hurt)
        case "sessionKind":
            let kind = SessionKind(rawValue: input.value)
            return Factor(name: "Session", value: kind.map { $0.title.lowercased() } ?? "none open", impact: kind == nil ? .hurt : .neutral)
        case "ruledOut":
            return Factor(name: "Ruled out", value: input.value, impact: .neutral)
        case "weekendMorning":
            // The weekend morning's sacred time kept the day's best time free (`WeekendMorningEvidence`).
            return Factor(name: "Weekend morning", value: input.value, impact: .hurt)
        case "trustPhase":
            return Factor(name: "Trust phase", value: TrustPhase(rawValue: input.value)?.displayName ?? input.value, impact: .neutral)
        default:
            return nil
        }
    }
}
