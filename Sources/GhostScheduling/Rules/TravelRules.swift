import GhostEngine

/// Numbers and words of travel detection.
public struct TravelRules: Codable, Sendable, Equatable {
    /// Words in an all-day event's title or category that mark travel (compared case-insensitively).
    public var keywords = ["flight", "travel", "trip", "airport"]
    /// An event in a zone whose UTC offset differs from home by at least this many hours marks travel.
    public var farZoneHours = 3.0
    /// An event at least this far from home marks travel (a day trip beyond it leaves no time to train).
    public var farDistanceKilometres = 150.0
    /// A system time-zone change away from home marks travel for at most this many days unless changed back.
    public var zoneChangeMaxDays = 14

    /// Creates the documented defaults.
    public init() {}

    public init(from decoder: any Decoder) throws {
        let keys = try decoder.container(keyedBy: CodingKeys.self)
        let standard = TravelRules()
        keywords = try keys.value(.keywords, or: standard.keywords)
        farZoneHours = try keys.value(.farZoneHours, or: standard.farZoneHours)
        farDistanceKilometres = try keys.value(.farDistanceKilometres, or: standard.farDistanceKilometres)
        zoneChangeMaxDays = try keys.value(.zoneChangeMaxDays, or: standard.zoneChangeMaxDays)
    }
}
