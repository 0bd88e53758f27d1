/// `daemon.config`: the configuration in force (after reloads), every key with its value and where the value came from.
public enum ConfigShowMethod: RPCMethod {
    public typealias Params = NoParams
    public typealias Result = EffectiveConfig
    public static let name = "daemon.config"
    public static let summary = "The configuration in force: every key of every table with its value and its source (default or file:line)."
    public static let resultSchema = EffectiveConfig.schema
    public static let errors: [RPCErrorCode] = []
}

/// The configuration the daemon runs with, grouped by table in the order `config.toml` documents them.
public struct EffectiveConfig: Codable, Sendable, Equatable {
    /// The configuration file's path (it may not exist: then every value is a default).
    public var configPath: String
    /// `file` when the file was read, `defaults` when there is none.
    public var configSource: String
    /// One entry per table, e.g. `training`, `engine.slots`.
    public var tables: [Table]

    public init(configPath: String, configSource: String, tables: [Table]) {
        self.configPath = configPath
        self.configSource = configSource
        self.tables = tables
    }

    /// One table's keys.
    public struct Table: Codable, Sendable, Equatable {
        /// The dotted table name as written in `config.toml`, e.g. `engine.sacred`.
        public var name: String
        public var keys: [Key]

        public init(name: String, keys: [Key]) {
            self.name = name
            self.keys = keys
        }
    }

    /// One key: its value as TOML would write it, and its source.
    public struct Key: Codable, Sendable, Equatable {
        /// The key in snake_case, e.g. `rest_days`.
        public var key: String
        /// The value in TOML syntax (`3`, `"07:00"`, `["saturday"]`); for a key left unset whose default is
        /// decided at run time, a comment such as `# the system zone (Europe/Berlin)`.
        public var value: String
        /// `default`, or `file:LINE` (the configuration file and the line that set the value).
        public var source: String
        /// For a key read only at start that a reload changed: the file's value, which needs a restart (`value` is the
        /// one in force); absent otherwise.
        public var needsRestart: String?

        public init(key: String, value: String, source: String, needsRestart: String? = nil) {
            self.key = key
            self.value = value
            self.source = source
            self.needsRestart = needsRestart
        }
    }

    static let schema = Schema.object(
        [
            "configPath": Schema.string, "configSource": Schema.string,
            "tables": Schema.array(of: Schema.object(
                [
                    "name": Schema.string,
                    "keys": Schema.array(of: Schema.object(
                        ["key": Schema.string, "value": Schema.string, "source": Schema.string, "needsRestart": Schema.string],
                        required: ["key", "value", "source"])),
                ], required: ["name", "keys"])),
        ],
        required: ["configPath", "configSource", "tables"])
}
