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

    /// `work (khal): 1 204 events, 2026-08-29 to 2027-02-01, ~/.calendars/work`.
    func line(home: String) -> String {
        let range = firstDate.map { first in ", \(first) to \(lastDate ?? first)" } ?? ""
        return "\(name) (\(origin)): \(events) event\(events == 1 ? "" : "s")\(range), \(SetupPaths.tilde(path, home: home))"
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
