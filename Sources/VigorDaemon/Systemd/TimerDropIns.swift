import CivilCalendar
import Foundation
import SafeFiles
import VigorConfig

#if canImport(Glibc)
import Glibc
#endif

/// The drop-ins that make `vigor-morning.timer`, `vigor-evening.timer` and `vigor-weekly.timer` (Sundays) fire at the
/// `[schedule]` times, in the
/// `[schedule]` zone when one is set. systemd's generator `vigord-timer-generator` writes them at boot and on every
/// daemon-reload (`vigord --write-timer-drop-ins`), so the timers follow the configuration file without a copy to edit.
public struct TimerDropIns: Sendable, Equatable {
    /// One drop-in: its path inside the generator's output folder, and its text.
    public struct File: Sendable, Equatable {
        public var path: String
        public var text: String
    }

    /// The name of each drop-in: it sorts before `override.conf`, so `systemctl edit vigor-morning.timer` still wins.
    public static let fileName = "10-schedule.conf"

    public var files: [File]

    /// - Parameters:
    ///   - schedule: the validated `[schedule]` section.
    ///   - configPath: the file it came from, named in each drop-in.
    ///   - zoneinfo: where systemd looks up zone names (`/usr/share/zoneinfo`).
    /// - Throws: when the zone is one Foundation knows but systemd cannot read (e.g. `GMT+1`).
    public init(schedule: DaemonConfig.ScheduleSection, configPath: String, zoneinfo: String = "/usr/share/zoneinfo") throws(TimerDropInError) {
        if let zone = schedule.timezone {
            var status = stat()
            guard !zone.hasPrefix("/"), !zone.contains(".."), stat(zoneinfo + "/" + zone, &status) == 0, status.st_mode & S_IFMT == S_IFREG
            else {
                throw TimerDropInError(
                    path: configPath, reason: "[schedule] timezone '\(zone)' is not in \(zoneinfo), so systemd's timers cannot use it; "
                        + "name an IANA zone such as Europe/Berlin")
            }
        }
        let weekly = (
            "weekly", "Sun", CyclePlanner.weeklyTime(evening: schedule.evening), "[schedule] evening (18:00 at the earliest)"
        )
        files = [("morning", "", schedule.morning, "[schedule] morning"), ("evening", "", schedule.evening, "[schedule] evening"), weekly]
            .map { kind, days, time, source in
                File(
                    path: "vigor-\(kind).timer.d/\(Self.fileName)",
                    text: """
                        # Written by vigord-timer-generator from \(source) in \(configPath).
                        # It changes on the next daemon-reload; `systemctl reload vigord` runs one.
                        [Timer]
                        OnCalendar=
                        OnCalendar=\(Self.calendarSpec(time, zone: schedule.timezone, weekdays: days))

                        """)
            }
    }

    /// The `OnCalendar=` value: at `time` on `weekdays` (systemd's names, e.g. `Sun`; empty: daily) in `zone`; without
    /// a zone, in the system zone, as vigord itself then runs.
    public static func calendarSpec(_ time: TimeOfDay, zone: String?, weekdays: String = "") -> String {
        (weekdays.isEmpty ? "" : weekdays + " ") + "*-*-* \(time):00" + (zone.map { " " + $0 } ?? "")
    }

    /// Writes the drop-ins below `directory`. A file is written beside its target and renamed over it, and a
    /// `.d` folder that is a link is refused, so nothing planted in the folder is followed.
    public func write(into directory: String) throws(TimerDropInError) {
        for file in files {
            let target = directory + "/" + file.path
            do {
                try AtomicFile.createFolder(AtomicFile.folder(of: target), refusingLink: true)
                try AtomicFile.write(Array(file.text.utf8), to: target)
            } catch {
                throw TimerDropInError(path: error.path, reason: error.reason)
            }
        }
    }
}

/// Why the timers' drop-ins cannot be written: the file concerned and what went wrong.
public struct TimerDropInError: Error, Sendable, Equatable, CustomStringConvertible {
    public var path: String
    public var reason: String

    public var description: String { "\(path): \(reason)" }
}
