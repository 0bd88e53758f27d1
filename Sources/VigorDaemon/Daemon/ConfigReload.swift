import Foundation

/// How a reload of the configuration went: put in force (perhaps with restart-only keys that wait for a restart), or
/// refused for `error`, keeping the configuration in force.
public struct ConfigReload: Sendable, Equatable {
    public var at: Date
    /// The user's zone at the reload: the new configuration's when it was put in force, else the one kept.
    public var zone: TimeZone
    public var configPath: String
    /// Why the file was refused, naming file, line and key; nil when it was put in force.
    public var error: String?
    /// The restart-only keys the file changed, which wait for a restart; nil when none.
    public var needsRestart: [String]?

    /// Whether the file was put in force.
    public var ok: Bool { error == nil }
}
