/// `[daemon] log`: where log lines go.
public enum LogDestinationChoice: String, Sendable, Equatable {
    /// journald when systemd connected our stderr to it, readable stderr lines otherwise.
    case auto
    /// Always journald (falls back to stderr, with a warning, when its socket is absent).
    case journal
    /// Always stderr.
    case stderr
}
