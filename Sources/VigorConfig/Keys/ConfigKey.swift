/// One key of `config.toml`: its name, how its value is read and checked (type and range, with the message a wrong
/// value gets), how `vigorctl config` shows it (the default is what it shows for `DaemonConfig()`), whether a reload
/// waits for a restart to use it, and the type its row in Docs/configuration.md states. Every key is one entry of
/// `ConfigKeys`; the reader, `vigorctl config`, the restart-only list and the documentation checks walk them.
public struct ConfigKey<Target>: Sendable {
    /// The key as the file spells it (`alarm_minutes`).
    public let name: String
    /// An older name still read, with a warning that names the new one.
    public internal(set) var oldName: OldName?
    /// The type column of its row in Docs/configuration.md (`integer 0–1440, or \`false\``).
    let documented: String
    /// Set when a reload keeps the running value and lists a changed one as waiting for a restart.
    var restartOnly: RestartOnly?
    /// Reads the file's value into the configuration; a wrong value throws with `file:line`.
    let read: @Sendable (KeyInput, inout Target) throws(ConfigError) -> Void
    /// The value in force in TOML syntax, or a `# not set: …` comment; nil: the key is not written (a source's
    /// `path` when it has a `url`).
    public let show: @Sendable (Target) -> String?

    init(
        _ name: String, _ documented: String, oldName: OldName? = nil, restartOnly: RestartOnly? = nil,
        read: @escaping @Sendable (KeyInput, inout Target) throws(ConfigError) -> Void,
        show: @escaping @Sendable (Target) -> String?
    ) {
        self.name = name
        self.documented = documented
        self.oldName = oldName
        self.restartOnly = restartOnly
        self.read = read
        self.show = show
    }

    /// This key, read under `name` too: its first name, which `sameness` says changes nothing for the user.
    func formerly(_ name: String, sameness: String) -> ConfigKey {
        var key = self
        key.oldName = OldName(name: name, sameness: sameness)
        return key
    }

    /// A key's first name, still read: giving both is an error, the old one alone a deprecation warning.
    public struct OldName: Sendable {
        public let name: String
        /// Why the rename changes nothing for the user, in the warning (`the same folder`).
        let sameness: String
    }
}

/// How a restart-only key is compared and kept on reload.
struct RestartOnly: Sendable {
    /// Whether the two configurations differ in it.
    let differs: @Sendable (DaemonConfig, DaemonConfig) -> Bool
    /// Copies its value from the second configuration into the first.
    let keep: @Sendable (inout DaemonConfig, DaemonConfig) -> Void
    /// Named by its whole table (`calendar.shadow`) rather than by the key.
    let wholeTable: Bool

    /// The key's own value.
    static func value<Value: Equatable & Sendable>(_ path: WritableKeyPath<DaemonConfig, Value> & Sendable) -> RestartOnly {
        RestartOnly(
            differs: { $0[keyPath: path] != $1[keyPath: path] }, keep: { $0[keyPath: path] = $1[keyPath: path] }, wholeTable: false)
    }

    /// The value of its whole table, which every key of the table shares.
    static func table<Value: Equatable & Sendable>(_ path: WritableKeyPath<DaemonConfig, Value> & Sendable) -> RestartOnly {
        RestartOnly(
            differs: { $0[keyPath: path] != $1[keyPath: path] }, keep: { $0[keyPath: path] = $1[keyPath: path] }, wholeTable: true)
    }
}
