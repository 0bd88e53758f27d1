import CivilCalendar
import GhostEngine

/// The system's time zone as the travel rules follow it across days and restarts: the zone the system
/// normally has, and a change away from it. Rules in Docs/engine.md, "Travel".
public struct SystemZoneWatch: Sendable, Equatable {
    /// A change of the system zone away from the settled one, first seen on `since`.
    public struct Change: Sendable, Equatable {
        public var zone: String
        public var since: LocalDay

        public init(zone: String, since: LocalDay) {
            self.zone = zone
            self.since = since
        }
    }

    /// The zone the system normally has.
    public var settledZone: String
    /// The change in force, if any.
    public var change: Change?

    /// Starts watching a system whose zone is `settledZone`.
    public init(settledZone: String, change: Change? = nil) {
        self.settledZone = settledZone
        self.change = change
    }

    /// The watch after reading the system zone `current` on `today`:
    /// - back to the settled zone, or set to `home` (`[schedule] timezone`): no change;
    /// - a zone not seen before: a change since today;
    /// - the same foreign zone for `zoneChangeMaxDays` days or more: the user has moved, not travelled, so it
    ///   becomes the settled zone.
    public func observing(_ current: String, today: LocalDay, home: String, rules: TravelRules) -> SystemZoneWatch {
        if current == settledZone || current == home { return SystemZoneWatch(settledZone: settledZone) }
        guard let change, change.zone == current else {
            return SystemZoneWatch(settledZone: settledZone, change: Change(zone: current, since: today))
        }
        if change.since.days(until: today) >= rules.zoneChangeMaxDays { return SystemZoneWatch(settledZone: current) }
        return self
    }

    /// What the travel detector reads: the change in force, if any.
    public var evidence: TravelEvidence? {
        change.map { .systemZoneChange(day: $0.since, timeZone: $0.zone) }
    }
}
