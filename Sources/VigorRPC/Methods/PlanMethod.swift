/// `plan.week`: the week ahead as the last evening cycle saw it: the committed or proposed block of each day,
/// the days a session is likely and when, and for every day without one the reason.
public enum PlanWeekMethod: RPCMethod {
    public typealias Params = NoParams
    public typealias Result = WeekPlanView
    public static let name = "plan.week"
    public static let summary = "Shows the next seven days: blocks on the calendar, likely sessions and why, and why a day has none."
    public static let params: [OpenRPCParam] = []
    public static let resultSchema = WeekPlanView.schema
    public static let errors: [RPCErrorCode] = [.storageFailed]
}

/// The week ahead.
public struct WeekPlanView: Codable, Sendable, Equatable {
    /// When the evening cycle made the forecast; absent before the first one.
    public var madeAt: RPCTimestamp?
    /// The seven days from tomorrow of that evening, in order (days already past are left out).
    public var days: [PlanDayView]

    public init(madeAt: RPCTimestamp?, days: [PlanDayView]) {
        self.madeAt = madeAt
        self.days = days
    }

    static let schema = Schema.object(
        ["madeAt": Schema.time, "days": Schema.array(of: PlanDayView.schema)], required: ["days"])
}

/// One day of the week ahead.
public struct PlanDayView: Codable, Sendable, Equatable {
    /// The statuses a day takes.
    public static let statuses = ["scheduled", "proposed", "likely", "none"]
    /// `YYYY-MM-DD`.
    public var date: String
    /// `scheduled` (on the calendar), `proposed` (waiting for an answer), `likely` (the forecast places a session
    /// there) or `none`.
    public var status: String
    /// The block's or the likely session's start.
    public var start: RPCTimestamp?
    /// Why: the slot's reasons for a likely day, the receipt's sentence for a day without a block.
    public var reason: String
    /// For a day without a block: `restDay`, `travel`, `noFreeSlot`, `weekFull`, `recoveryTime` or `unknownDay`.
    public var why: String?

    public init(date: String, status: String, start: RPCTimestamp?, reason: String, why: String?) {
        self.date = date
        self.status = status
        self.start = start
        self.reason = reason
        self.why = why
    }

    static let schema = Schema.object(
        [
            "date": Schema.string, "status": Schema.oneOf(statuses), "start": Schema.time, "reason": Schema.string,
            "why": Schema.oneOf(["restDay", "travel", "noFreeSlot", "weekFull", "recoveryTime", "unknownDay"]),
        ],
        required: ["date", "status", "reason"])
}
