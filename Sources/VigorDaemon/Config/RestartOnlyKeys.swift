/// The keys vigord reads only at start: the socket it binds, its state and calendar folders, its log, and the health
/// drop folder it watches. A reload keeps their running values in force and lists a changed one as waiting for a restart
/// (`daemon.reload`'s `needsRestart`, `vigorctl config`), so nothing shows a value the daemon does not use.
/// Docs/configuration.md and vigord.conf(5) list the same names (`restartOnlyKeysAreListedInTheDocs`).
enum RestartOnlyKeys {
    /// One key, named as `vigorctl config` shows it (`table.key`), or a whole table (`calendar.shadow`).
    struct Key: Sendable {
        let name: String
        /// Whether the two configurations differ in it.
        let differs: @Sendable (DaemonConfig, DaemonConfig) -> Bool
        /// Copies its value from the second configuration into the first.
        let keep: @Sendable (inout DaemonConfig, DaemonConfig) -> Void
    }

    private static func key<Value: Equatable & Sendable>(_ name: String, _ path: WritableKeyPath<DaemonConfig, Value> & Sendable) -> Key {
        Key(name: name, differs: { $0[keyPath: path] != $1[keyPath: path] }, keep: { $0[keyPath: path] = $1[keyPath: path] })
    }

    static let all: [Key] = [
        key("daemon.socket", \.daemon.socket),
        key("daemon.state_dir", \.daemon.stateDir),
        key("daemon.log", \.daemon.log),
        key("daemon.log_level", \.daemon.logLevel),
        key("calendar.output.path", \.calendar.outputPath),
        key("calendar.output.alarm_minutes", \.calendar.alarmMinutes),
        key("calendar.shadow", \.calendar.shadow),
        key("health.drop_folder", \.health.dropFolderPath),
    ]

    /// What a reload puts in force: the file's configuration with the running values of the restart-only keys, and the
    /// names of those whose file value waits for a restart.
    static func settle(file: DaemonConfig, running: DaemonConfig) -> (inForce: DaemonConfig, needsRestart: [String]) {
        var inForce = file
        var waiting: [String] = []
        for key in all where key.differs(file, running) {
            key.keep(&inForce, running)
            waiting.append(key.name)
        }
        return (inForce, waiting)
    }
}

extension RestartOnlyKeys {
    /// Whether `key` of `table` (as `vigorctl config` names them) is among `names`, itself or by its table.
    static func isAmong(_ names: [String], table: String, key: String) -> Bool {
        names.contains(table + "." + key) || names.contains(table)
    }
}
