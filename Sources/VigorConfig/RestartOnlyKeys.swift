/// The keys vigord reads only at start (those `ConfigKeys` marks so): the socket it binds, its state and calendar
/// folders, its log, the health drop folder and the health sources it watches. A reload keeps their running values in force and lists a changed one as waiting for a restart
/// (`daemon.reload`'s `needsRestart`, `vigorctl config`), so nothing shows a value the daemon does not use.
/// Docs/configuration.md and vigord.conf(5) list the same names (`restartOnlyKeysAreListedInTheDocs`).
public enum RestartOnlyKeys {
    /// One key, named as `vigorctl config` shows it (`table.key`), or a whole table (`calendar.shadow`).
    struct Key: Sendable {
        let name: String
        /// Whether the two configurations differ in it.
        let differs: @Sendable (DaemonConfig, DaemonConfig) -> Bool
        /// Copies its value from the second configuration into the first.
        let keep: @Sendable (inout DaemonConfig, DaemonConfig) -> Void
    }

    /// The keys of `ConfigKeys` marked restart-only; a table whose keys share one value (`calendar.shadow`) is one entry.
    static let all: [Key] = ConfigKeys.tables.flatMap { table in
        table.keys.compactMap { key -> (String, RestartOnly)? in
            key.restartOnly.map { ($0.wholeTable ? table.name : table.qualifiedName(key), $0) }
        }
    }.reduce(into: [Key]()) { keys, entry in
        guard !keys.contains(where: { $0.name == entry.0 }) else { return }
        keys.append(Key(name: entry.0, differs: entry.1.differs, keep: entry.1.keep))
    } + [
        // The watched health sources, as a whole: their watches are set up at start.
        Key(name: ConfigKeys.healthSource.name, differs: { $0.health.sources != $1.health.sources },
            keep: { $0.health.sources = $1.health.sources }),
    ]

    /// What a reload puts in force: the file's configuration with the running values of the restart-only keys, and the
    /// names of those whose file value waits for a restart.
    public static func settle(file: DaemonConfig, running: DaemonConfig) -> (inForce: DaemonConfig, needsRestart: [String]) {
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
    public static func isAmong(_ names: [String], table: String, key: String) -> Bool {
        names.contains(table + "." + key) || names.contains(table)
    }
}
