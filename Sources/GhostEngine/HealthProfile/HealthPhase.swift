/// Where the user's health profile stands: learning, adapting, steady, or slipping.
public enum HealthPhase: String, Codable, Sendable, CaseIterable {
    case baseline
    case adaptation
    case maintenance
    case regression

    /// The name people see.
    public var displayName: String {
        rawValue.prefix(1).uppercased() + rawValue.dropFirst()
    }
}
