/// `daemon.reload`: re-reads the configuration file, exactly as SIGHUP does.
public enum ReloadMethod: RPCMethod {
    public typealias Params = NoParams
    public typealias Result = ReloadOutcome
    public static let name = "daemon.reload"
    public static let summary = "Re-reads the configuration file (same as SIGHUP); an invalid file keeps the old configuration."
    public static let resultSchema = ReloadOutcome.schema
    public static let errors: [RPCErrorCode] = [.configInvalid]
}

/// What a reload did. A failed reload is also answered as error -32001 by `daemon.reload`.
public struct ReloadOutcome: Codable, Sendable, Equatable {
    public var at: RPCTimestamp
    public var ok: Bool
    public var configPath: String
    /// Why the file was refused, naming file, line and key; absent when `ok`.
    public var error: String?
    /// The restart-only keys the file changed (`daemon.log`, `health.drop_folder`, …): the daemon keeps running with their
    /// old values until it restarts; absent when none.
    public var needsRestart: [String]?

    public init(at: RPCTimestamp, ok: Bool, configPath: String, error: String?, needsRestart: [String]? = nil) {
        self.at = at
        self.ok = ok
        self.configPath = configPath
        self.error = error
        self.needsRestart = needsRestart
    }

    static let schema = Schema.object(
        [
            "at": Schema.time, "ok": Schema.boolean, "configPath": Schema.string, "error": Schema.string,
            "needsRestart": Schema.array(of: Schema.string),
        ],
        required: ["at", "ok", "configPath"]
    )
}
