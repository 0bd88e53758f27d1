/// `workout.undo`: "that was wrong": takes back a counted workout (default: the last), reopening its block.
public enum WorkoutUndoMethod: RPCMethod {
    public struct Params: Codable, Sendable, Equatable {
        /// The workout's id as `workout.log` returned it; default the last one counted.
        public var workout: String?
        public init(workout: String? = nil) { self.workout = workout }
    }
    public typealias Result = WorkoutLogResult
    public static let name = "workout.undo"
    public static let summary = "Takes back a counted workout (default: the last; a hand log a device confirmed goes alone): its block is open again and its trust is taken back."
    public static let params = [
        OpenRPCParam(name: "workout", required: false, description: "The workout id; default the last counted.", schema: Schema.string)
    ]
    public static let resultSchema = WorkoutLogResult.schema
    public static let errors: [RPCErrorCode] = [.engineRefused, .storageFailed, .calendarWriteFailed]
}

/// `workout.confirm`: "correct": a counted workout that arrived without a command (an import) was right; its
/// confirmation is no longer asked for.
public enum WorkoutConfirmMethod: RPCMethod {
    public struct Params: Codable, Sendable, Equatable {
        /// The workout's id, as its confirmation names it.
        public var workout: String
        public init(workout: String) { self.workout = workout }
    }
    public typealias Result = WorkoutLogResult
    public static let name = "workout.confirm"
    public static let summary = "Confirms a counted workout (the Correct of \"45 min run logged.\"): nothing changes but the question, which is settled."
    public static let params = [
        OpenRPCParam(name: "workout", required: true, description: "The workout id.", schema: Schema.string)
    ]
    public static let resultSchema = WorkoutLogResult.schema
    public static let errors: [RPCErrorCode] = [.engineRefused, .storageFailed]
}

/// What a logged (or undone) workout did.
public struct WorkoutLogResult: Codable, Sendable, Equatable {
    /// The workout's id (for `workout.undo`).
    public var workout: String
    public var start: String
    public var end: String
    /// The block it completed (or, after an undo, reopened), if any.
    public var block: String?
    /// False when the workout was already counted or too short to count.
    public var counted: Bool
    /// The same workout reported another way (a hand log of a workout a device recorded): the id of the
    /// report that counts for both. After an undo, the workout that still counts.
    public var countedAs: String?
    public var ghost: GhostStatus
    /// What the user calls the workout: `run`, `ride`, `walk`…, `workout` when its activity is not known (nil from an
    /// older daemon).
    public var activity: String?

    public init(
        workout: String, start: String, end: String, block: String?, counted: Bool, countedAs: String? = nil, ghost: GhostStatus,
        activity: String? = nil
    ) {
        self.activity = activity
        self.workout = workout
        self.start = start
        self.end = end
        self.block = block
        self.counted = counted
        self.countedAs = countedAs
        self.ghost = ghost
    }

    static let schema = Schema.object(
        [
            "workout": Schema.string, "start": Schema.time, "end": Schema.time, "block": Schema.nullable(Schema.string),
            "counted": Schema.boolean, "countedAs": Schema.nullable(Schema.string), "ghost": GhostStatus.schema,
            "activity": Schema.nullable(Schema.string),
        ],
        required: ["workout", "start", "end", "counted", "ghost"])
}
