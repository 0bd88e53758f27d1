/// A calendar setup found on this machine, with what a cheap look at its files shows.
struct FoundCalendar: Equatable {
    /// The source name it gets in the configuration (unique, from the folder or file name).
    var name: String
    /// The folder (a vdir) or `.ics` file, absolute.
    var path: String
    /// Where it was found: `khal`, `vdirsyncer`, `~/.calendars`, `Evolution`, `file`, or `--calendar`.
    var origin: String
    /// Events in its files (`BEGIN:VEVENT`; a repeating event counts once).
    var events: Int
    /// First and last start date of those events, `YYYY-MM-DD` (repeats not expanded); nil without events.
    var firstDate: String?
    var lastDate: String?
    /// Events that repeat: the calendar runs on past `lastDate`.
    var repeating = 0
    /// Events by the time zone their start names (`DTSTART;TZID=`).
    var zones: [String: Int] = [:]

    /// `2 events, 2026-09-01 to 2026-11-03`, or `3 events (3 repeating), from 2026-08-24 on`.
    var summary: String {
        let count = "\(events) event\(events == 1 ? "" : "s")" + (repeating > 0 ? " (\(repeating) repeating)" : "")
        guard let firstDate else { return count }
        return count + (repeating > 0 ? ", from \(firstDate) on" : ", \(firstDate) to \(lastDate ?? firstDate)")
    }

    /// `work (khal): 1 204 events, 2026-08-29 to 2027-02-01, ~/.calendars/work`.
    func line(home: String) -> String {
        "\(name) (\(origin)): \(summary), \(SetupPaths.tilde(path, home: home))"
    }
}

/// A calendar that lives only on a server: setup cannot read it, and says how to bring it down.
struct RemoteCalendar: Equatable {
    var name: String
    var url: String
    var username: String?
    /// Where it was found (`vdirsyncer`, `Evolution`).
    var origin: String
}

/// What discovery found, and what it could not read (reported, never fatal).
struct DiscoveryReport: Equatable {
    var calendars: [FoundCalendar] = []
    var remote: [RemoteCalendar] = []
    var problems: [String] = []
}
