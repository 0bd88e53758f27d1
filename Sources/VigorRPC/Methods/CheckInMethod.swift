import CivilCalendar

/// `checkin.record`: the morning self-report of someone with no wearable: last night's sleep and how they feel.
/// It counts as evidence for the health profile and, without a device's sleep, feeds the morning's sleep rule.
public enum CheckInMethod: RPCMethod {
    public struct Params: Codable, Sendable, Equatable {
        /// Hours slept last night, 0–16 (e.g. 6.5).
        public var slept: Double?
        /// How you feel; any other word is refused by the decoder, before a handler runs.
        public var felt: Feeling?
        public init(slept: Double? = nil, felt: Feeling? = nil) {
            self.slept = slept
            self.felt = felt
        }
    }
    public typealias Result = CheckInResult
    public static let name = "checkin.record"
    public static let summary = "Records this morning's check-in (hours slept, how you feel): evidence for the health profile, of lower weight than a device."
    public static let params = [
        OpenRPCParam(name: "slept", required: false, description: "Hours slept last night, 0-16.", schema: Schema.number),
        OpenRPCParam(name: "felt", required: false, description: "How you feel: tired, ok or good.", schema: Schema.oneOf(CheckInResult.feelings)),
    ]
    public static let resultSchema = CheckInResult.schema
    public static let errors: [RPCErrorCode] = [.storageFailed]
}

/// A recorded check-in and where the health profile stands after it.
public struct CheckInResult: Codable, Sendable, Equatable {
    /// The answers `felt` takes.
    public static let feelings = Feeling.allCases.map(\.rawValue)
    /// The morning it counts for, `YYYY-MM-DD` in the user's zone.
    public var date: String
    public var sleptMinutes: Int?
    public var felt: Feeling?
    /// True when it replaced an earlier check-in of the same morning.
    public var replaced: Bool
    /// Check-ins in the last 14 mornings, this one included.
    public var checkInsLast14Days: Int
    public var ghost: GhostStatus

    public init(date: String, sleptMinutes: Int?, felt: Feeling?, replaced: Bool, checkInsLast14Days: Int, ghost: GhostStatus) {
        self.date = date
        self.sleptMinutes = sleptMinutes
        self.felt = felt
        self.replaced = replaced
        self.checkInsLast14Days = checkInsLast14Days
        self.ghost = ghost
    }

    static let schema = Schema.object(
        [
            "date": Schema.string, "sleptMinutes": Schema.integer, "felt": Schema.oneOf(feelings), "replaced": Schema.boolean,
            "checkInsLast14Days": Schema.integer, "ghost": GhostStatus.schema,
        ],
        required: ["date", "replaced", "checkInsLast14Days", "ghost"])
}
