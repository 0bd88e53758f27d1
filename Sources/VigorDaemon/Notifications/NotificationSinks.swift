import Logging

/// The sinks `[notify]` asks for.
enum NotificationSinks {
    static func make(_ notify: DaemonConfig.NotifySection, logger: Logger) -> [any NotificationSink] {
        var sinks: [any NotificationSink] = []
        if !notify.command.isEmpty {
            sinks.append(CommandSink(arguments: notify.command, timeout: .seconds(notify.commandTimeoutSeconds)))
        }
        return sinks
    }
}
