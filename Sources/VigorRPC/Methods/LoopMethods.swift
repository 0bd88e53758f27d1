/// `triage.list`: missed blocks waiting for a reason.
public enum TriageListMethod: RPCMethod {
    public typealias Params = NoParams
    public struct Result: Codable, Sendable, Equatable {
        public var pending: [BlockView]
        public init(pending: [BlockView]) { self.pending = pending }
    }
    public static let name = "triage.list"
    public static let summary = "Lists missed blocks waiting for your reason (the Ghost asks at most once a day)."
    public static let resultSchema = Schema.object(["pending": Schema.array(of: BlockView.schema)], required: ["pending"])
}

/// `triage.answer`: why a block was missed.
public enum TriageAnswerMethod: RPCMethod {
    public struct Params: Codable, Sendable, Equatable {
        public var block: String
        /// `badTimeSlot`, `lifeHappened`, `feltUnwell` or `unknown`.
        public var reason: String
        public init(block: String, reason: String) {
            self.block = block
            self.reason = reason
        }
    }
    public typealias Result = GhostStatus
    public static let reasons = ["badTimeSlot", "lifeHappened", "feltUnwell", "unknown"]
    public static let name = "triage.answer"
    public static let summary = "Answers why a block was missed: a bad time slot (learned; 3 make it sacred), life happened, felt unwell, or unknown."
    public static let params = [
        OpenRPCParam(name: "block", required: true, description: "The missed block's id.", schema: Schema.string),
        OpenRPCParam(name: "reason", required: true, description: "Why it was missed.", schema: Schema.oneOf(reasons)),
    ]
    public static let resultSchema = GhostStatus.schema
    public static let errors: [RPCErrorCode] = [.engineRefused, .storageFailed]
}

/// `proposal.answer`: accept or decline a proposed block; an accepted one goes into the calendar.
public enum ProposalAnswerMethod: RPCMethod {
    public struct Params: Codable, Sendable, Equatable {
        public var block: String
        public var accept: Bool
        public init(block: String, accept: Bool) {
            self.block = block
            self.accept = accept
        }
    }
    public typealias Result = GhostStatus
    public static let name = "proposal.answer"
    public static let summary = "Accepts (it is written to your calendar) or declines a proposed block."
    public static let params = [
        OpenRPCParam(name: "block", required: true, description: "The proposal's block id.", schema: Schema.string),
        OpenRPCParam(name: "accept", required: true, description: "true to accept, false to decline.", schema: Schema.boolean),
    ]
    public static let resultSchema = GhostStatus.schema
    public static let errors: [RPCErrorCode] = [.engineRefused, .storageFailed, .calendarWriteFailed]
}

/// `transformation.answer`: keep or revert what the Ghost changed about a block on its own.
public enum TransformationAnswerMethod: RPCMethod {
    public struct Params: Codable, Sendable, Equatable {
        public var block: String
        public var kept: Bool
        public init(block: String, kept: Bool) {
            self.block = block
            self.kept = kept
        }
    }
    public typealias Result = BlockView
    public static let name = "transformation.answer"
    public static let summary =
        "Keeps or reverts the Ghost's change to a block (shortened or removed) until the block would start; a revert puts it back on your calendar, lowers trust a little, and is counted: a rule reverted 3+ times, more often than kept, only suggests from then on."
    public static let params = [
        OpenRPCParam(name: "block", required: true, description: "The changed block's id.", schema: Schema.string),
        OpenRPCParam(name: "kept", required: true, description: "true to keep the change, false to revert it.", schema: Schema.boolean),
    ]
    public static let resultSchema = BlockView.schema
    public static let errors: [RPCErrorCode] = [.engineRefused, .storageFailed, .calendarWriteFailed]
}

/// `workout.log`: you trained; the scheduled block it overlaps (within 30 minutes) is completed.
public enum WorkoutLogMethod: RPCMethod {
    public struct Params: Codable, Sendable, Equatable {
        /// When you started: RFC 3339; default `minutes` ago.
        public var at: String?
        /// How long you trained; default the configured session length.
        public var minutes: Int?
        public init(at: String? = nil, minutes: Int? = nil) {
            self.at = at
            self.minutes = minutes
        }
    }
    public typealias Result = WorkoutLogResult
    public static let name = "workout.log"
    public static let summary = "Logs a workout (start default: its length ago): it completes the block it overlaps, or counts as unplanned activity."
    public static let params = [
        OpenRPCParam(name: "at", required: false, description: "RFC 3339 start of the workout; default `minutes` ago.", schema: Schema.time),
        OpenRPCParam(name: "minutes", required: false, description: "Length in minutes (1-600); default the session length.", schema: Schema.integer),
    ]
    public static let resultSchema = WorkoutLogResult.schema
    public static let errors: [RPCErrorCode] = [.engineRefused, .storageFailed]
}
