/// The vdirsyncer recipe of Docs/calendars.md (section 5, the "down" half), filled in for a calendar that lives
/// only on a server: once synced, its local folder is a calendar setup finds.
enum RemoteRecipe {
    static func text(_ remote: RemoteCalendar, home: String) -> String {
        let name = remote.name.map { $0.isLetter || $0.isNumber ? $0 : "_" }
        return """
            note: '\(remote.name)' (\(remote.origin)) lives only on \(remote.url); setup cannot read it yet. Bring it down with
            vdirsyncer (Docs/calendars.md, section 5), then run setup again:

              # ~/.config/vdirsyncer/config
              [general]
              status_path = "~/.local/share/vdirsyncer/status/"

              [pair \(String(name))]
              a = "\(String(name))_local"
              b = "\(String(name))_remote"
              collections = ["from b"]

              [storage \(String(name))_local]
              type = "filesystem"
              path = "~/.local/share/calendars/"
              fileext = ".ics"

              [storage \(String(name))_remote]
              type = "caldav"
              url = "\(remote.url)"
              username = "\(remote.username ?? "YOUR-USER-NAME")"
              password.fetch = ["command", "pass", "\(host(remote.url))"]

              vdirsyncer discover && vdirsyncer sync

            """
    }

    /// The host of a URL, for the password command.
    private static func host(_ url: String) -> String {
        let rest = url.split(separator: "/", omittingEmptySubsequences: true)
        return rest.count > 1 ? String(rest[1]) : url
    }
}
