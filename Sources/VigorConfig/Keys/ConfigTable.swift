/// One table of `config.toml` (`[calendar.output]`) and its keys, in the order `vigorctl config` and the docs list them.
public struct ConfigTable<Target>: Sendable {
    /// `["calendar", "output"]`.
    public let path: [String]
    public let keys: [ConfigKey<Target>]
    /// Checks between its keys, run after every key the file gives is read (a table that is present and lacks a
    /// required key fails here).
    var check: (@Sendable (TableInput, inout Target) throws(ConfigError) -> Void)?

    init(
        _ path: [String], _ keys: [ConfigKey<Target>],
        check: (@Sendable (TableInput, inout Target) throws(ConfigError) -> Void)? = nil
    ) {
        self.path = path
        self.keys = keys
        self.check = check
    }

    /// `calendar.output`.
    public var name: String { path.joined(separator: ".") }

    /// Every name the file may give a key of this table: the keys' and their old names.
    public var spelledNames: [String] { keys.flatMap { [$0.name] + ($0.oldName.map { [$0.name] } ?? []) } }

    /// `calendar.output.alarm_minutes`, as `vigorctl config` and the restart-only list name a key.
    public func qualifiedName(_ key: ConfigKey<Target>) -> String { name + "." + key.name }
}

/// A table as the file gives it, for the checks between its keys.
struct TableInput {
    let members: [String: ConfigTree]
    let place: ConfigReader.Place
    let reader: ConfigReader

    func error(_ key: String?, _ message: String) -> ConfigError { reader.error(place, key, message) }
}
