import Foundation
import GhostEngine

/// One factor of a skip prediction: the observed value and the log-odds it adds (shown in receipts).
public struct SkipFactor: Codable, Sendable, Equatable {
    /// `slotHistory`, `weekday`, `meetingDensity` or `lastNightSleep`.
    public let name: String
    /// The observed value (a rate, hours or minutes); nil when nothing was measured (no sleep data last night).
    public let value: Double?
    /// Log-odds contributed.
    public let logOdds: Double
    /// The past sessions the rate was estimated from (`slotHistory`, `weekday`); nil for the other factors.
    public let sessions: Int?

    /// Creates a factor.
    public init(name: String, value: Double?, logOdds: Double, sessions: Int? = nil) {
        self.name = name
        self.value = value
        self.logOdds = logOdds
        self.sessions = sessions
    }

    /// How a receipt writes an unmeasured value.
    public static let noData = "no data"
}

/// A skip probability with the factors that produced it.
public struct SkipPrediction: Codable, Sendable, Equatable {
    /// Probability the user skips the session, 0…1.
    public let probability: Double
    /// Factors in fixed order: slot history, weekday, meeting density, last night's sleep.
    public let factors: [SkipFactor]
    /// The past sessions the model read (completed and missed blocks), on every day and at every hour.
    public let pastSessions: Int?

    /// Creates a prediction.
    public init(probability: Double, factors: [SkipFactor], pastSessions: Int? = nil) {
        self.probability = probability
        self.factors = factors
        self.pastSessions = pastSessions
    }

    /// Receipt inputs: the probability, then each factor as `value (log-odds)`, the value `no data` when unmeasured,
    /// and ` from N sessions` after a rate; then `pastSessions`, the count of all past sessions read.
    public var receiptInputs: [ReceiptInput] {
        [ReceiptInput("skipProbability", String(format: "%.3f", probability))]
            + factors.map {
                ReceiptInput(
                    $0.name, ($0.value.map { String(format: "%.3f", $0) } ?? SkipFactor.noData) + String(format: " (%+.3f)", $0.logOdds)
                        + ($0.sessions.map { " from \($0) sessions" } ?? ""))
            }
            + (pastSessions.map { [ReceiptInput("pastSessions", "\($0)")] } ?? [])
    }
}

/// Transparent skip model: logit p = logit(slot skip rate) + meeting term + sleep term, the slot's log-odds shown as the
/// weekday's effect (its rate against everyone's) and the rest. The overall rate is a Beta-binomial posterior mean; a
/// weekday's shrinks towards it, a slot's towards its weekday's. Coefficients are in `PatternRules` (Docs/engine.md).
public enum SkipPredictor {
    /// Predicts the skip probability of a session in `slot` on a day with `meetingHours` of busy time.
    public static func predict(
        slot: SlotKey, meetingHours: Double, lastNightSleepMinutes: Int?, history: [SessionOutcome],
        rules: PatternRules
    ) -> SkipPrediction {
        // Each level shrinks towards the one above it: a user who finishes every session has a low skip rate on a
        // weekday or at an hour they never trained yet, not the prior's 50 %.
        let atSlot = history.filter { $0.slot == slot }, onWeekday = history.filter { $0.slot.weekday == slot.weekday }
        let overallRate = BetaEstimate.skipRate(history, rules: rules)
        let weekdayRate = BetaEstimate.skipRate(onWeekday, towards: overallRate, rules: rules)
        let slotRate = BetaEstimate.skipRate(atSlot, towards: weekdayRate, rules: rules)
        // The slot's rate already holds its weekday's and everyone's (it shrinks towards them), so the weekday factor is
        // only how much of it the weekday explains: the two factors add up to the slot's log-odds.
        let weekdayEffect = logit(weekdayRate) - logit(overallRate)
        // Only hours above a typical day raise the risk: a light day is not safer than an ordinary one,
        // so a 15-minute standup does not push a session to a free day on the evening's rolling plan.
        let meeting = rules.meetingHourCoefficient * max(0, meetingHours - rules.typicalMeetingHours)
        let sleepDebtHours = lastNightSleepMinutes.map { max(0, Double(rules.sleepNeedMinutes - $0) / 60) } ?? 0
        let sleep = rules.sleepDebtHourCoefficient * sleepDebtHours
        let factors = [
            SkipFactor(name: "slotHistory", value: slotRate, logOdds: logit(slotRate) - weekdayEffect, sessions: atSlot.count),
            SkipFactor(name: "weekday", value: weekdayRate, logOdds: weekdayEffect, sessions: onWeekday.count),
            SkipFactor(name: "meetingDensity", value: meetingHours, logOdds: meeting),
            SkipFactor(name: "lastNightSleep", value: lastNightSleepMinutes.map(Double.init), logOdds: sleep),
        ]
        let odds = factors.reduce(0) { $0 + $1.logOdds }
        return SkipPrediction(probability: 1 / (1 + exp(-odds)), factors: factors, pastSessions: history.count)
    }

    static func logit(_ rate: Double) -> Double {
        log(rate / (1 - rate))
    }
}
