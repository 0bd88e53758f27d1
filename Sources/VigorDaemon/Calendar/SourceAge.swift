/// How old a configured calendar source's data is, from the last refresh (`status` shows it on the freshness scale).
public struct SourceAge: Sendable, Equatable {
    public var name: String
    /// Whether its last read succeeded.
    public var ok: Bool
    /// Seconds since its data was read; nil when no data of it was ever read (before the first refresh, or a failure
    /// with no last good copy).
    public var ageSeconds: Int?
}
