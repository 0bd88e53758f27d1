import Foundation

/// A place on Earth in decimal degrees (WGS 84), as an event's GEO or Apple structured location gives it.
public struct GeoPosition: Sendable, Hashable, Codable {
    /// Degrees north (−90…90).
    public var latitude: Double
    /// Degrees east (−180…180).
    public var longitude: Double

    /// Nil unless both numbers are finite and in range.
    public init?(latitude: Double, longitude: Double) {
        guard latitude.isFinite, longitude.isFinite, abs(latitude) <= 90, abs(longitude) <= 180 else { return nil }
        self.latitude = latitude
        self.longitude = longitude
    }

    /// Parses `"52.52, 13.405"` (latitude, longitude); nil when it is not two numbers in range.
    public init?(text: String) {
        let parts = text.split(separator: ",", omittingEmptySubsequences: false)
        guard parts.count == 2,
              let latitude = Double(parts[0].trimmingCharacters(in: .whitespaces)),
              let longitude = Double(parts[1].trimmingCharacters(in: .whitespaces))
        else { return nil }
        self.init(latitude: latitude, longitude: longitude)
    }

    /// Parses an RFC 5870 `geo:` URI (`geo:52.52,13.405` or `geo:52.52,13.405,34;u=35`, as Apple's
    /// X-APPLE-STRUCTURED-LOCATION writes it); an altitude and parameters are ignored.
    public init?(geoURI: String) {
        guard geoURI.lowercased().hasPrefix("geo:") else { return nil }
        let coordinates = geoURI.dropFirst(4).prefix { $0 != ";" }.split(separator: ",", omittingEmptySubsequences: false)
        guard coordinates.count == 2 || coordinates.count == 3 else { return nil }
        self.init(text: coordinates[0] + "," + coordinates[1])
    }

    /// Great-circle distance in kilometres (haversine on a sphere of the Earth's mean radius; within 0.5 %
    /// of the ellipsoid, plenty to tell a commute from a trip).
    public func kilometres(to other: GeoPosition) -> Double {
        let radians = Double.pi / 180
        let latitudeDelta = (other.latitude - latitude) * radians
        let longitudeDelta = (other.longitude - longitude) * radians
        let haversine = sin(latitudeDelta / 2) * sin(latitudeDelta / 2)
            + cos(latitude * radians) * cos(other.latitude * radians) * sin(longitudeDelta / 2) * sin(longitudeDelta / 2)
        return 2 * Self.earthRadiusKilometres * asin(min(1, sqrt(haversine)))
    }

    /// The IUGG mean Earth radius.
    static let earthRadiusKilometres = 6371.0088
}
