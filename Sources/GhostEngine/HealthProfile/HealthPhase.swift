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

    /// What the Ghost says about the phase: the seed's words for baseline and regression, ours in the same voice
    /// for the two the seed leaves without a line.
    public var line: String {
        switch self {
        case .baseline: "Still learning your patterns..."
        case .adaptation: "Getting to know your rhythm. Plans get sharper each week."
        case .maintenance: "I know your rhythm now. Let's keep it going."
        case .regression: "Noticed things have been tough. Let's rebuild together."
        }
    }
}
