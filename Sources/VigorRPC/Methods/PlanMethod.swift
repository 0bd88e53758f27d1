import CivilCalendar

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
    public static let statuses = ["scheduled", "proposed", "held", "likely", "none"]
    /// The `why` of a day whose proposed session the user declined.
    public static let declined = "declined"
    /// `YYYY-MM-DD`.
    public var date: String
    /// `scheduled` (on the calendar), `proposed` (waiting for an answer), `held` (a likely session kept as held time in
    /// vigord's calendar), `likely` (the forecast places a session there) or `none`.
    public var status: String
    /// The block's or the likely session's start.
    public var start: RPCTimestamp?
    /// Why: the slot's reasons for a likely day, the receipt's sentence for a day without a block.
    public var reason: String
    /// For a day without a block: `restDay`, `travel`, `noFreeSlot`, `weekFull`, `tooCloseToAnotherSession`,
    /// `recoveryTime`, `unknownDay`, `noSessionKind` (the injuries and equipment rule out every kind) or `declined` (you
    /// declined its proposal).
    public var why: String?
    /// The session's kind (`run`, `strength`, …) of a block or a likely day; absent when there is none or it is unknown.
    public var kind: SessionKind?
    /// For a held day: true when the hold is busy to others (and in the shadow calendar), false while it is free to them.
    public var defended: Bool?

    public init(
        date: String, status: String, start: RPCTimestamp?, reason: String, why: String?, defended: Bool? = nil, kind: SessionKind? = nil
    ) {
        self.kind = kind
        self.date = date
        self.status = status
        self.start = start
        self.reason = reason
        self.why = why
        self.defended = defended
    }

    static let schema = Schema.object(
        [
            "date": Schema.string, "status": Schema.oneOf(statuses), "start": Schema.time, "reason": Schema.string,
            "why": Schema.oneOf(["restDay", "travel", "noFreeSlot", "weekFull", "tooCloseToAnotherSession", "recoveryTime", "unknownDay", "noSessionKind", declined]),
            "defended": Schema.boolean, "kind": Schema.oneOf(SessionKind.allCases.map(\.rawValue)),
        ],
        required: ["date", "status", "reason"])
}

/// `plan.hold`: the user's answer about held time. `day` is a date (`YYYY-MM-DD`), a weekday (`wed`, `wednesday`: the
/// next one after today) or `week` (every day of the coming seven); with `release: true` the day is freed instead.
public enum PlanHoldMethod: RPCMethod {
    public struct Params: Codable, Sendable, Equatable {
        /// `YYYY-MM-DD`, a weekday name, or `week`.
        public var day: String
        /// Free the day instead of holding it.
        public var release: Bool?
        public init(day: String, release: Bool? = nil) {
            self.day = day
            self.release = release
        }
    }
    public typealias Result = WeekPlanView
    public static let name = "plan.hold"
    public static let summary = "Holds a day's likely session in your calendar (or the whole week), or releases it with release: true; returns the week."
    public static let params = [
        OpenRPCParam(name: "day", required: true, description: "YYYY-MM-DD, a weekday (wed, wednesday: the next one) or week.", schema: Schema.string),
        OpenRPCParam(name: "release", required: false, description: "true to free the day instead.", schema: Schema.boolean),
    ]
    public static let resultSchema = WeekPlanView.schema
    public static let errors: [RPCErrorCode] = [.invalidParams, .engineRefused, .storageFailed, .calendarWriteFailed]
}
