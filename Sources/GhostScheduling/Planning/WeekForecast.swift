import CivilCalendar
import Foundation
import GhostEngine

/// The week ahead as an evening plan saw it: for each of the seven days from tomorrow, the likely session and
/// why, or why there is none. The daemon saves it as JSON each evening; `plan.week` and `status` read it beside
/// the Ghost's blocks.
public struct WeekForecast: Codable, Sendable, Equatable {
    /// One day of the forecast.
    public struct Day: Codable, Sendable, Equatable {
        /// `YYYY-MM-DD`.
        public var date: String
        /// Start of the likely session; nil when the day gets none.
        public var start: Date?
        /// Why the day gets no session; nil when it gets one.
        public var why: DayWithoutBlock?
        /// The reason in words.
        public var reason: String
        /// The likely session's kind (`SessionKindChoice`); nil when the day gets none (and in forecasts made before
        /// sessions had kinds).
        public var kind: SessionKind?

        /// A day that gets no session because `choice` found every kind ruled out, saying which and why.
        static func withoutKind(_ date: String, _ choice: SessionKindChoice) -> Day {
            Day(date: date, start: nil, why: .noSessionKind,
                reason: "Every kind of session is ruled out: \(choice.ruledOutWords ?? "none is open"). I placed no workout.")
        }
    }

    /// The days, from the first planned one.
    public var days: [Day]

    /// The forecast of `plan` over the seven days from `firstDay`, with the day's skip risk where known.
    public init(plan: WeekPlan, firstDay: LocalDay, skipRisk: [LocalDay: Double]) {
        days = (0..<7).map { offset in
            let day = firstDay.adding(days: offset)
            if let block = plan.block(on: day) {
                return Day(date: day.description, start: block.chosen.start, why: nil, reason: Self.reasons(block, risk: skipRisk[day]))
            }
            let why = Self.why(plan.skippedDays.first { $0.day == day }?.reason ?? .notChosen)
            let tally = plan.week(of: day)
            if why == .weekFull, let tally { return Day(date: day.description, start: nil, why: why, reason: tally.fullSentence) }
            let short = tally?.shortfall.map { " " + $0 } ?? ""
            return Day(date: day.description, start: nil, why: why, reason: why.sentence + short)
        }
    }

    /// A forecast whose days all lack a block for the same reason (recovery time, unreadable calendars).
    public init(firstDay: LocalDay, days count: Int = 7, why: DayWithoutBlock) {
        days = (0..<count).map { Day(date: firstDay.adding(days: $0).description, start: nil, why: why, reason: why.sentence) }
    }

    /// The forecast with each likely session's kind, chosen day by day in order so each day's variety counts the days
    /// before it; when every kind is ruled out, no day keeps a session and each says why (`ruledOut`).
    public func withKinds(_ choose: (LocalDay, [LocalDay: SessionKind]) -> SessionKindChoice) -> WeekForecast {
        var forecast = self
        var chosen: [LocalDay: SessionKind] = [:]
        for index in forecast.days.indices where forecast.days[index].start != nil {
            guard let day = LocalDay(iso: forecast.days[index].date) else { continue }
            let choice = choose(day, chosen)
            guard let kind = choice.kind else {
                forecast.days[index] = Day.withoutKind(forecast.days[index].date, choice)
                continue
            }
            chosen[day] = kind
            forecast.days[index].kind = kind
        }
        return forecast
    }

    /// Why the day has no session, in the engine's receipt terms.
    public static func why(_ reason: DaySkipReason) -> DayWithoutBlock {
        switch reason {
        case .restDay: .restDay
        case .travelDay: .travel
        case .noFreeSlot: .noFreeSlot
        case .alreadyPlanned, .notChosen: .weekFull
        case .tooClose: .tooCloseToAnotherSession
        }
    }

    /// A likely session's reasons: free, and what made its time the best.
    static func reasons(_ block: PlannedBlock, risk: Double?) -> String {
        var parts = ["free at \(block.chosen.localStart)"] + block.fitWords
        if let risk { parts.append("a \(Percent.text(risk)) chance you skip it") }
        if block.autonomy == .proposalOnly { parts.append("a calendar could not be read, so only as a proposal") }
        return parts.joined(separator: "; ")
    }
}
