import CivilCalendar
import ICalendarKit
import Foundation
import GhostEngine
import GhostScheduling

/// The daemon's configuration, after validation: every value here is usable as it stands.
/// Keys and defaults are documented in Docs/configuration.md.
public struct DaemonConfig: Sendable, Equatable {
    public var daemon = DaemonSection()
    public var schedule = ScheduleSection()
    public var calendar = CalendarSection()
    public var training = TrainingSection()
    public var health = HealthSection()
    public var notify = NotifySection()
    public var profile = ProfileSection()
    /// `[engine]`: overrides of the Ghost's rules (Docs/engine.md); the documented defaults otherwise.
    public var engineRules = EngineRules.standard
    /// The scheduling groups of `[engine]` (`slots`, `sacred`, `travel`, `transformation`, `patterns`), and
    /// `[training] lunch_allowed` as `sacred.lunchOptIn`; the documented defaults otherwise.
    public var schedulingRules = SchedulingRules.standard
    /// Keys given under an old name that is still read: one warning each, `file:line`, naming the new key.
    public var deprecations: [String] = []

    public init() {}

    /// `[notify]`: how and when the Ghost reaches its user (Docs/notifications.md).
    public struct NotifySection: Sendable, Equatable {
        /// Budget and quiet hours.
        public var rules = NotificationRules()
        /// Desktop notifications on the session bus, when there is one.
        public var desktop = true
        /// A program that receives each notification as JSON on stdin (e.g. `["ntfy", "publish", "topic"]`).
        public var command: [String] = []
        /// How long the command may run before it is killed.
        public var commandTimeoutSeconds = 10
        public init() {}
    }

    /// `[profile]`: what the user trains with and what hurts, as setup asked them, in their words. Shown by `status`;
    /// planning reads them as a `TrainingProfile` (the kinds of session they rule out, Docs/engine.md).
    public struct ProfileSection: Sendable, Equatable {
        public var equipment: [String] = []
        public var injuries: [String] = []
        public init() {}
    }

    /// `[health]`: where health files come in.
    public struct HealthSection: Sendable, Equatable {
        /// The drop folder (`drop_folder`, once `inbox`); nil means `$XDG_DATA_HOME/vigor/inbox` (or
        /// `/var/lib/vigor/inbox` as root): the folder on disk keeps its first name, so files dropped there still count.
        public var dropFolderPath: String?
        /// `[[health.source]]`: files and folders a phone or a watch keeps up to date, watched and read as they change.
        public var sources: [HealthSourceEntry] = []
        public init() {}
    }

    /// `[daemon]`: where the daemon listens, keeps state and logs.
    public struct DaemonSection: Sendable, Equatable {
        /// Socket path; nil means the default (see `SocketLocation`).
        public var socket: String?
        /// State folder; nil means `$STATE_DIRECTORY`, else `$XDG_STATE_HOME/vigor` (or `/var/lib/vigor` as root).
        public var stateDir: String?
        public var log: LogDestinationChoice = .auto
        public var logLevel: String = "info"
        public init() {}
    }

    /// `[schedule]`: when the daily cycles run, in which zone.
    public struct ScheduleSection: Sendable, Equatable {
        public var morning = TimeOfDay(hour: 6, minute: 0)
        public var evening = TimeOfDay(hour: 21, minute: 0)
        /// IANA zone name; nil means the system zone.
        public var timezone: String?
        /// Where the user lives, so an event placed far from it marks travel; nil: no distance rule.
        public var home: GeoPosition?
        public init() {}

        /// The configured zone, or the system zone.
        public var zone: TimeZone {
            timezone.flatMap(TimeZone.init(identifier:)) ?? TimeZone.current
        }
    }

    /// `[calendar]`: the sources read and the vdir written.
    public struct CalendarSection: Sendable, Equatable {
        public var sources: [CalendarSourceEntry] = []
        /// The vdir root that holds the `vigor` collection; nil means `$XDG_DATA_HOME/vigor/calendars`.
        public var outputPath: String?
        /// How many minutes before a block starts its reminder (VALARM) goes off; nil: blocks carry no reminder.
        public var alarmMinutes: Int? = 10
        /// `[calendar.shadow]`: a busy-only copy of the blocks for a work calendar; nil: none.
        public var shadow: ShadowCalendar?
        /// `[calendar.hold]`: when held time turns busy to others.
        public var hold = HoldSettings()
        /// The user's own addresses, so invitations they declined count as free.
        public var addresses: [String] = []
        public init() {}
    }

    /// `[training]`: what to schedule, and when the user allows it.
    public struct TrainingSection: Sendable, Equatable {
        public var sessionsPerWeek = 3
        /// The most sessions a week the plan grows to when the user trains more (never below `sessionsPerWeek`; 0, the
        /// default: it stays at `sessionsPerWeek`).
        public var sessionsPerWeekMax = 0
        public var durationMinutes = 45
        public var preferred: [TimeWindow] = [
            TimeWindow(from: TimeOfDay(hour: 7, minute: 0), to: TimeOfDay(hour: 9, minute: 0))
        ]
        /// How hard the sessions are: `heavy`, `moderate` (default) or `light`; only heavy sessions
        /// become a recovery walk when HRV crashes.
        public var intensity = "moderate"
        /// No session starts before this local time.
        public var earliest = TimeOfDay(hour: 6, minute: 0)
        /// No session ends after this local time.
        public var latest = TimeOfDay(hour: 21, minute: 0)
        /// Weekdays never used, 1 = Sunday … 7 = Saturday (as `TrainingSettings` counts them).
        public var restDays: [Int] = []
        /// Free minutes between the end of busy time and a session.
        public var bufferBeforeMinutes = 10
        /// Free minutes between a session and the next busy time.
        public var bufferAfterMinutes = 10
        /// Hours from one session's start to the next one's start, at least.
        public var minHoursBetweenSessions = 16
        /// The weekday a training week starts on, 1 = Sunday … 7 = Saturday; Monday by default.
        public var weekStarts = 2
        public init() {}
    }
}

/// `[calendar.shadow]`: a second vdir collection with one private "Busy" event per committed block, for pushing to a
/// work calendar so colleagues see the time as taken and nothing more.
public struct ShadowCalendar: Sendable, Equatable {
    /// The collection folder; vigord writes its `.ics` files straight into it.
    public var path: String
    /// SUMMARY of every event.
    public var summary: String

    public init(path: String, summary: String = "Busy") {
        self.path = path
        self.summary = summary
    }
}

/// One `[[calendar.source]]`.
public struct CalendarSourceEntry: Sendable, Equatable {
    public enum Location: Sendable, Equatable {
        case path(String)
        case url(URL)
    }

    public var name: String
    public var location: Location
    /// How all-day events count (`all_day`): `free` unless marked busy (default), `busy` unless marked free,
    /// or `never-busy` whatever they say (holiday feeds).
    public var allDay: CalendarSourceConfig.AllDayPolicy

    public init(name: String, location: Location, allDay: CalendarSourceConfig.AllDayPolicy = .free) {
        self.name = name
        self.location = location
        self.allDay = allDay
    }
}
