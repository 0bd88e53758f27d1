/// How fresh a source's data is, in the words `status` uses.
public enum SourceFreshness: String, Sendable, CaseIterable {
    case fresh
    case slightlyStale
    case stale
    case veryStale
    case expired

    /// fresh < 30 min, slightly stale < 2 h, stale < 6 h, very stale < 24 h, expired after.
    public static func label(ageSeconds: Int) -> SourceFreshness {
        switch ageSeconds {
        case ..<1800: .fresh
        case ..<7200: .slightlyStale
        case ..<21_600: .stale
        case ..<86_400: .veryStale
        default: .expired
        }
    }
}
