/// How old data is, in the seed's staleness words: one scale for calendar sources, health data and the
/// recovery score, so `status` never says "fresh" about two different ages.
public enum Freshness: String, Codable, Sendable, CaseIterable {
    /// Under 30 minutes.
    case fresh
    /// 30 minutes to 2 hours.
    case slightlyStale
    /// 2 to 6 hours.
    case stale
    /// 6 to 24 hours.
    case veryStale
    /// Over 24 hours.
    case expired
    /// Nothing was ever read.
    case unknown

    /// fresh < 30 min, slightly stale < 2 h, stale < 6 h, very stale < 24 h, expired after; unknown without an age.
    public static func of(ageSeconds: Int?) -> Freshness {
        guard let ageSeconds else { return .unknown }
        switch ageSeconds {
        case ..<1800: return .fresh
        case ..<7200: return .slightlyStale
        case ..<21_600: return .stale
        case ..<86_400: return .veryStale
        default: return .expired
        }
    }

    /// The words people read: `slightly stale`, `very stale`, …
    public var words: String {
        switch self {
        case .slightlyStale: "slightly stale"
        case .veryStale: "very stale"
        case .fresh, .stale, .expired, .unknown: rawValue
        }
    }

    static let schema = Schema.oneOf(allCases.map(\.rawValue))
}
