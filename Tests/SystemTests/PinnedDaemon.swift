import Foundation

/// vigord on a pinned clock: it starts on Wednesday 2027-03-03 at 10:00 UTC whatever the real day and hour and
/// whatever `VIGOR_TEST_NOW` says, with a configuration that places a session every day at 18:00–20:00 UTC and
/// reads an empty vdir "team" (a test drops meetings into it).
enum PinnedDaemon {
    /// Wednesday 2027-03-03 10:00:00 UTC.
    static let wednesday10 = Date(timeIntervalSince1970: 1_804_068_000)

    /// The daemon (not started) and its "team" folder.
    static func make(_ label: String) throws -> (DaemonHarness, team: String) {
        let config = """
            [schedule]
            timezone = "UTC"
            morning = "06:00"
            evening = "23:59"
            [[calendar.source]]
            name = "team"
            path = "team"
            [training]
            sessions_per_week = 7
            duration_minutes = 45
            preferred = ["18:00-20:00"]
            [notify]
            quiet_hours = "00:00-00:00"
            """
        let daemon = try DaemonHarness(label: label, config: config, now: wednesday10)
        try FileManager.default.createDirectory(atPath: daemon.folder + "/team", withIntermediateDirectories: true)
        return (daemon, daemon.folder + "/team")
    }
}
