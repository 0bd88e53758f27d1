/// What setup says when desktop notifications are declined: where the Ghost's message of the day goes instead, and the
/// lines that hand it to a program of the user's own (`[notify] command`, Docs/notifications.md).
enum WithoutDesktopText {
    /// The lines, naming the configuration file as the user knows it (`~/.config/vigor/config.toml`).
    static func text(config: String) -> String {
        """
        Without desktop notifications, the Ghost's message of the day (one a day by default: [notify] daily_budget) waits in \
        `vigorctl inbox`, with the command that answers it.
        To have it reach your phone or mail as well, name a program that gets each message as one line of JSON on stdin; \
        in \(config), under [notify]:
          [notify]
          command = ["ntfy", "publish", "mytopic"]
        (Docs/notifications.md, "A program of your own".)

        """
    }
}
