import Foundation
@testable import ICalendarKit

/// Seeded random calendars for the differential test: RRULE, RDATE (dates, date-times, periods), EXDATE,
/// RECURRENCE-ID (also RANGE=THISANDFUTURE), all-day and timed events in zones with odd rules (Lord Howe's
/// 30-minute DST, Morocco's Ramadan shifts, Chatham, Kathmandu, zones whose rules changed), floating and UTC
/// times, events placed on DST transitions (at 00:00 and 02:00), embedded VTIMEZONEs (a known zone with a
/// partial definition, a zone the system does not know), X-WR-TIMEZONE, busy-rule properties.
struct CalendarCorpus {
    /// One generated calendar and how both implementations read it.
    struct Entry {
        var name: String
        var text: String
        /// The configured zone.
        var zone: String
        /// The window: the whole UTC year.
        var year: Int
        var allDay: CalendarSourceConfig.AllDayPolicy
    }

    /// The user, for PARTSTAT.
    static let user = "ana@example.org"

    /// Zones with odd rules: half-hour DST (Lord Howe), 45-minute offsets (Chatham, Kathmandu), Ramadan shifts
    /// (Casablanca), DST at 00:00 (Havana, Santiago, Beirut, Asuncion, Cairo, Tehran), rule changes in the
    /// window (Mexico City 2022, Volgograd 2018/2020, Fiji, Almaty 2024, Nuuk 2023, Apia 2021, Amman 2022,
    /// Tehran 2022, Cairo 2023, Asuncion 2024), a 2-hour DST (Troll), and the usual 02:00 changes.
    static let zones = [
        "Europe/Berlin", "America/New_York", "Australia/Lord_Howe", "Africa/Casablanca", "Pacific/Chatham",
        "Asia/Kathmandu", "America/Havana", "America/Santiago", "Asia/Beirut", "America/Asuncion", "Africa/Cairo",
        "America/Mexico_City", "Europe/Volgograd", "Pacific/Fiji", "Asia/Almaty", "America/Nuuk", "Pacific/Apia",
        "Asia/Amman", "Asia/Tehran", "Europe/London", "Australia/Adelaide", "Antarctica/Troll", "UTC",
    ]

    /// TZIDs as producers write them: Windows ids and display names (Outlook, Exchange) and vendor prefixes
    /// (Thunderbird), quoted or not.
    static let spelledZones: [(tzid: String, iana: String)] = [
        ("W. Europe Standard Time", "Europe/Berlin"), ("\"Morocco Standard Time\"", "Africa/Casablanca"),
        ("Lord Howe Standard Time", "Australia/Lord_Howe"), ("\"Chatham Islands Standard Time\"", "Pacific/Chatham"),
        ("Nepal Standard Time", "Asia/Katmandu"), ("/mozilla.org/20070129_1/America/Santiago", "America/Santiago"),
        ("Eastern Standard Time", "America/New_York"),
    ] + displayNames.map { ("\"\($0.tzid)\"", $0.iana) }

    /// Windows display names the reference library does not know (it reads them as floating times): the zone each
    /// one means, declared here independently of vigord's table and handed to the reference in its manifest.
    static let displayNames: [(tzid: String, iana: String)] = [
        ("(UTC+01:00) Amsterdam, Berlin, Bern, Rome, Stockholm, Vienna", "Europe/Berlin"),
        ("(GMT+01:00) Amsterdam, Berlin, Bern, Rome, Stockholm, Vienna", "Europe/Berlin"),
        ("Western/Central Europe", "Europe/Berlin"),
        ("(UTC-05:00) Eastern Time (US & Canada)", "America/New_York"),
        ("(UTC+12:45) Chatham Islands", "Pacific/Chatham"),
        ("(UTC+10:30) Lord Howe Island", "Australia/Lord_Howe"),
        ("(UTC-06:00) Guadalajara, Mexico City, Monterrey", "America/Mexico_City"),
    ]

    static func generate(count: Int, seed: UInt64) -> [Entry] {
        var random = SeededRandom(seed: seed)
        var transitions = TransitionTable()
        return (0..<count).map { number in
            var writer = CorpusCalendarWriter(random: random, transitions: transitions, number: number)
            let entry = writer.calendar()
            random = writer.random
            transitions = writer.transitions
            return entry
        }
    }
}
