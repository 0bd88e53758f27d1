import GhostEngine
import Logging
import VigorConfig

/// The sinks `[notify]` asks for.
enum NotificationSinks {
    /// - Parameter desktop: the desktop connection, when the daemon found a session bus.
    static func make(_ notify: DaemonConfig.NotifySection, desktop: DesktopSink?) -> [any NotificationSink] {
        var sinks: [any NotificationSink] = []
        if notify.desktop, let desktop { sinks.append(desktop) }
        if !notify.command.isEmpty {
            sinks.append(CommandSink(arguments: notify.command, timeout: .seconds(notify.commandTimeoutSeconds)))
        }
        return sinks
    }

    /// The desktop connection for a daemon with `environment`, or nil with a log line saying why there is none.
    static func desktop(
        environment: [String: String], logger: Logger, answer: @escaping @Sendable (GhostMessage, String) async -> Void
    ) -> DesktopSink? {
        guard let address = DesktopBus.sessionAddress(environment: environment) else {
            logger.notice(
                "no session bus (DBUS_SESSION_BUS_ADDRESS is unset and $XDG_RUNTIME_DIR/bus is missing): no desktop notifications; the inbox and [notify] command still work. Desktop notifications need the user unit.")
            return nil
        }
        do {
            return try DesktopSink(address: address, logger: logger, answer: answer)
        } catch {
            logger.error("cannot start desktop notifications; the inbox and [notify] command still work", metadata: ["error": "\(error)"])
            return nil
        }
    }
}
