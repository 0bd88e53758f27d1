/// `data.export`: all user data the daemon keeps, as one JSON document.
public enum DataExportMethod: RPCMethod {
    public typealias Params = NoParams
    public typealias Result = JSONValue
    public static let name = "data.export"
    public static let summary = "Exports all user data (engine state, decision receipts, cycle runs, daemon runs) as one JSON document."
    public static let resultSchema = Schema.object(
        [
            "exportedAt": Schema.time, "version": Schema.string, "ghost": ["type": "object"],
            "receipts": Schema.array(of: ["type": "object"]), "cycleRuns": Schema.array(of: ["type": "object"]),
            "daemonRuns": Schema.array(of: ["type": "object"]), "emergencies": Schema.array(of: ["type": "object"]),
        ],
        required: ["exportedAt", "version", "receipts", "cycleRuns", "daemonRuns", "emergencies"])
    public static let errors: [RPCErrorCode] = [.storageFailed]
}

/// `data.purge`: deletes all user data; the Ghost starts over as a new user.
public enum DataPurgeMethod: RPCMethod {
    public struct Params: Codable, Sendable, Equatable {
        /// Must be true: a purge cannot be undone.
        public var confirm: Bool
        public init(confirm: Bool) { self.confirm = confirm }
    }
    public typealias Result = GhostStatus
    public static let name = "data.purge"
    public static let summary = "Deletes all user data (needs confirm: true); the Ghost starts over as Observer."
    public static let params = [
        OpenRPCParam(name: "confirm", required: true, description: "Must be true.", schema: Schema.boolean)
    ]
    public static let resultSchema = GhostStatus.schema
    public static let errors: [RPCErrorCode] = [.storageFailed, .calendarWriteFailed]
}
