/// `emergency.activate`: the red button. Blocks the calendar from now for `minutes` with a
/// "Recovery Time" block, keeps the Ghost quiet meanwhile and records a burnout signal.
public enum EmergencyActivateMethod: RPCMethod {
    public struct Params: Codable, Sendable, Equatable {
        /// Recovery time in minutes, 1…240; default 15.
        public var minutes: Int?
        public init(minutes: Int? = nil) { self.minutes = minutes }
    }
    public typealias Result = RecoveryTimeStatus
    /// Recovery time in minutes.
    public static let minutes = ParameterRange(name: "minutes", bounds: 1...240, defaultValue: 15)
    public static let name = "emergency.activate"
    public static let summary = "The red button: blocks the calendar now for N minutes (default 15), silences the Ghost meanwhile, records a burnout signal."
    public static let params = [
        OpenRPCParam(name: "minutes", required: false, description: "Recovery time, \(minutes.bounds.lowerBound) to \(minutes.bounds.upperBound) minutes (default \(minutes.defaultValue)).", schema: Schema.integer)
    ]
    public static let resultSchema = RecoveryTimeStatus.schema
    public static let errors: [RPCErrorCode] = [.storageFailed, .calendarWriteFailed]
}

/// Whether recovery time is running.
public struct RecoveryTimeStatus: Codable, Sendable, Equatable {
    public var active: Bool
    public var startedAt: RPCTimestamp?
    public var endsAt: RPCTimestamp?
    /// The calendar file of the Recovery Time block.
    public var blockFile: String?
    /// Set when the state database could not record the press (a full disk): the recovery time holds
    /// all the same, and it is recorded, with the blocks inside it withdrawn, once the disk allows.
    public var notRecorded: String?
    /// After a press: the blocks inside the recovery time that were taken off (blocks after it stay).
    public var withdrawnBlocks: [String]?
    /// After a press while recovery time ran: true, that one was extended (there is only ever one).
    public var extended: Bool?

    public init(
        active: Bool, startedAt: RPCTimestamp? = nil, endsAt: RPCTimestamp? = nil, blockFile: String? = nil, notRecorded: String? = nil,
        withdrawnBlocks: [String]? = nil, extended: Bool? = nil
    ) {
        self.active = active
        self.startedAt = startedAt
        self.endsAt = endsAt
        self.blockFile = blockFile
        self.notRecorded = notRecorded
        self.withdrawnBlocks = withdrawnBlocks
        self.extended = extended
    }

    static let schema = Schema.object(
        [
            "active": Schema.boolean, "startedAt": Schema.time, "endsAt": Schema.time, "blockFile": Schema.string,
            "notRecorded": Schema.string, "withdrawnBlocks": Schema.array(of: Schema.string), "extended": Schema.boolean,
        ],
        required: ["active"])
}
