#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import CivilCalendar

/// What setup asks, with the defaults a new user gets by pressing Enter.
struct SetupAnswers: Equatable {
    var calendars: [FoundCalendar] = []
    /// Files and folders a phone or a watch keeps up to date, to watch (`[[health.source]]`).
    var healthSources: [FoundHealthSource] = []
    var sessionsPerWeek = 3
    var preferred = ["07:00-09:00"]
    var restDays: [String] = []
    var equipment: [String] = []
    var injuries: [String] = []
    var desktop = true
    /// `[schedule] timezone`; nil: vigord takes the system's zone.
    var timezone: String?

    /// Zone names that say a machine's zone was never set.
    static let unsetZones: Set<String> = ["UTC", "Etc/UTC", "GMT", "Etc/GMT", "Universal", "Etc/Universal", "Zulu", "Etc/Zulu"]

    /// The zone to write when the system's says nothing of the user: `explicit`, else, on a machine whose zone is
    /// UTC (or not set), the zone most of the calendars' events start in (if it is a real one and not UTC itself).
    static func timezone(explicit: String?, system: String?, calendars: [FoundCalendar]) -> String? {
        if let explicit { return explicit }
        guard unsetZones.contains(system ?? "UTC") else { return nil }
        var total: [String: Int] = [:]
        for calendar in calendars { total.merge(calendar.zones, uniquingKeysWith: +) }
        guard let (zone, _) = total.max(by: { ($0.value, $1.key) < ($1.value, $0.key) }), !unsetZones.contains(zone),
              SystemTimeZone.isKnown(zone) else { return nil }
        return zone
    }

    /// `HH:MM-HH:MM`, 24-hour, start before end, as vigord reads `[training] preferred` (an hour may have one digit:
    /// `6:30-8:30`).
    static func validWindow(_ text: String) -> Bool {
        TimeWindow(parsing: text) != nil
    }

    /// The window as vigord writes it: `6:30-8:30` is `06:30-08:30`.
    static func window(_ text: String) -> String {
        TimeWindow(parsing: text)?.description ?? text
    }

    /// What a refused window is told: the form, with an example.
    static let windowExample = "HH:MM-HH:MM with the start before the end, e.g. 06:30-08:30 or 6:30-8:30"

    /// The weekday `text` names (full, or from three letters on, any case), as vigord reads `rest_days`.
    static func weekday(_ text: String) -> String? {
        WeekdayName.number(of: text).map(WeekdayName.name(of:))
    }
}

/// The configuration setup writes: only what the user answered, each key with a comment saying what it does.
enum ConfigDraft {
    static func text(_ answers: SetupAnswers, home: String) -> String {
        var lines = [
            "# vigord's configuration, written by `vigorctl setup`. Every key and its default: man 5 vigord.conf or",
            "# Docs/configuration.md. Check a change with `vigord --check-config`; apply it with",
            "# `systemctl --user reload vigord` (or `vigorctl reload`). Run `vigorctl setup` again to start over.",
            "",
            "[training]",
            "# Sessions to plan per week (0-14).",
            "sessions_per_week = \(answers.sessionsPerWeek)",
            "# The windows you prefer to train in (HH:MM-HH:MM, your time zone).",
            "preferred = [\(answers.preferred.map(quoted).joined(separator: ", "))]",
            "# Weekdays never used for training.",
            "rest_days = [\(answers.restDays.map(quoted).joined(separator: ", "))]",
            "",
            "[profile]",
            "# What you train with (a bike opens rides, a pool swims) and injuries to keep in mind (a kind an injury rules out",
            "# is never proposed: a knee rules out runs and rides). Shown by `vigorctl status`.",
            "equipment = [\(answers.equipment.map(quoted).joined(separator: ", "))]",
            "injuries = [\(answers.injuries.map(quoted).joined(separator: ", "))]",
            "",
            "[notify]",
            "# Desktop notifications on the session bus (`vigorctl inbox` keeps every message either way).",
            "desktop = \(answers.desktop)",
        ]
        if let timezone = answers.timezone {
            lines += [
                "",
                "[schedule]",
                "# Your time zone: every time vigord shows and plans in (this machine's own zone is UTC).",
                "timezone = \(quoted(timezone))",
            ]
        }
        if answers.calendars.isEmpty {
            lines += ["", "# No calendar yet: add one [[calendar.source]] per calendar (Docs/calendars.md)."]
        }
        for calendar in answers.calendars {
            lines += [
                "",
                "# Found by setup (\(calendar.origin)): \(calendar.summary).",
                "[[calendar.source]]",
                "name = \(quoted(calendar.name))",
                "path = \(quoted(SetupPaths.tilde(calendar.path, home: home)))",
            ]
        }
        var names = Set<String>()
        for source in answers.healthSources {
            var name = source.kind.name
            var number = 2
            while !names.insert(name).inserted {
                name = "\(source.kind.name)-\(number)"
                number += 1
            }
            lines += [
                "",
                "# Found by setup (\(source.origin)): \(source.kind.words), read whenever it changes.",
                "[[health.source]]",
                "name = \(quoted(name))",
                "path = \(quoted(SetupPaths.tilde(source.path, home: home)))",
                "format = \(quoted(source.kind.format))",
            ]
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// A TOML basic string.
    static func quoted(_ text: String) -> String {
        var escaped = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\\": escaped += "\\\\"
            case "\"": escaped += "\\\""
            case "\n": escaped += "\\n"
            case "\t": escaped += "\\t"
            default:
                if scalar.value < 0x20 || scalar.value == 0x7F {
                    let hex = String(scalar.value, radix: 16, uppercase: true)
                    escaped += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                } else {
                    escaped.unicodeScalars.append(scalar)
                }
            }
        }
        return "\"" + escaped + "\""
    }
}
