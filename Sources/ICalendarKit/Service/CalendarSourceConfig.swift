import Foundation

/// One calendar the user points vigord at (a `[[calendar.source]]` entry in the config).
public struct CalendarSourceConfig: Sendable, Hashable {
    /// Where the calendar data lives.
    public enum Location: Sendable, Hashable {
        /// A single .ics file.
        case file(String)
        /// A vdir collection (folder of .ics files), or a folder of such collections.
        case vdir(String)
        /// An http(s) or webcal:// subscription.
        case url(URL)
    }

    /// Whether the source's all-day events block time.
    public enum AllDayPolicy: String, Sendable, Hashable, CaseIterable {
        /// Free unless the event says TRANSP:OPAQUE (the default).
        case free
        /// Busy unless the event says TRANSP:TRANSPARENT.
        case busy
        /// Never busy, whatever the event says: public-holiday feeds mark every holiday TRANSP:OPAQUE.
        case neverBusy = "never-busy"
    }

    /// Unique name shown in `why` answers and source status.
    public var name: String
    /// File, vdir or subscription URL.
    public var location: Location
    public var allDay: AllDayPolicy
    /// The user's addresses, to recognise invitations they declined.
    public var userAddresses: [String]

    /// A source; all-day events are free by default.
    public init(name: String, location: Location, allDay: AllDayPolicy = .free, userAddresses: [String] = []) {
        self.name = name
        self.location = location
        self.allDay = allDay
        self.userAddresses = userAddresses
    }
}

/// Module-wide settings.
public struct CalendarSettings: Sendable, Hashable {
    /// IANA zone for floating times, all-day dates and `unknownDays` (e.g. "Europe/Berlin").
    public var timeZone: String
    /// Where downloaded subscriptions keep their last good copy.
    public var subscriptionCacheDirectory: String?
    /// Network timeout for a subscription download.
    public var downloadTimeout: TimeInterval
    /// Largest accepted subscription body in bytes.
    public var maxDownloadBytes: Int
    /// Minimum time between two downloads of the same subscription.
    public var refreshInterval: TimeInterval

    /// Settings with defaults: 30 s timeout, 20 MB limit, 15 min refresh.
    public init(timeZone: String, subscriptionCacheDirectory: String? = nil, downloadTimeout: TimeInterval = 30,
                maxDownloadBytes: Int = 20_000_000, refreshInterval: TimeInterval = 900) {
        self.timeZone = timeZone
        self.subscriptionCacheDirectory = subscriptionCacheDirectory
        self.downloadTimeout = downloadTimeout
        self.maxDownloadBytes = maxDownloadBytes
        self.refreshInterval = refreshInterval
    }
}
