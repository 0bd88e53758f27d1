import GhostEngine
import Logging
import Synchronization

/// Desktop notifications through the freedesktop protocol on the session bus. One vigord notification is on
/// screen at a time: a new one replaces the last (`replaces_id`). A button pressed on it is answered through
/// `answer`, the same way as the action's command; a signal counts only from the server that showed the
/// notification. Closing a notification answers nothing.
final class DesktopSink: NotificationSink {
    var name: String { "desktop" }

    private let bus: DesktopBus
    private let shown: OnScreen
    private let logger: Logger

    /// - Parameter answer: performs the action `String` of the message, as its command would.
    init(
        address: String, logger: Logger, answer: @escaping @Sendable (GhostMessage, String) async -> Void
    ) throws(NotificationError) {
        let shown = OnScreen()
        self.shown = shown
        self.logger = logger
        bus = try DesktopBus(address: address) { event in
            Self.handle(event, shown: shown, logger: logger, answer: answer)
        }
    }

    /// The server's id of the notification showing `key`, while it is on screen.
    func notificationID(of key: String) -> UInt32? {
        shown.withLock { $0.id(of: key) }
    }

    /// Ends the connection (tests; the daemon keeps it for its life).
    func stop() {
        bus.stop()
    }

    func deliver(_ message: GhostMessage, alsoWaiting: Int) async throws(NotificationError) {
        let replaces = shown.withLock { $0.latest } ?? 0
        var body = message.body
        if alsoWaiting > 0 { body += "\n\(alsoWaiting) more in vigorctl inbox." }
        let (id, server) = try await bus.notify(DesktopBus.Notification(
            summary: message.title, body: body, actions: message.actions.map { ($0.id, $0.label) },
            urgency: message.kind == .weeklyReceipt ? 0 : 1, replaces: replaces))
        shown.withLock { shown in
            if replaces != 0 { shown.forget(replaces) }
            shown.byID[id] = (message, server)
            shown.latest = id
        }
    }

    func withdraw(key: String) async {
        guard let id = shown.withLock({ $0.id(of: key) }) else { return }
        do {
            try await bus.close(id: id)
        } catch {
            logger.warning("cannot take a desktop notification down", metadata: ["key": "\(key)", "error": "\(error)"])
        }
        shown.withLock { $0.forget(id) }
    }

    /// A signal from the bus thread: a button answers its message; a close only forgets it. Signals from any
    /// other bus client than the server that showed the notification are ignored.
    private static func handle(
        _ event: DesktopBus.Event, shown: OnScreen, logger: Logger,
        answer: @escaping @Sendable (GhostMessage, String) async -> Void
    ) {
        switch event {
        case .closed(let id, let sender):
            shown.withLock { shown in
                if shown.byID[id]?.server == sender { shown.forget(id) }
            }
        case .actionInvoked(let id, let action, let sender):
            guard let entry = shown.withLock({ $0.byID[id] }), entry.server == sender else {
                logger.debug("ignored a notification signal", metadata: ["id": "\(id)", "sender": "\(sender)"])
                return
            }
            // Answers run one after another, in the order the buttons were pressed.
            shown.withLock { shown in
                let previous = shown.lastAnswer
                shown.lastAnswer = Task {
                    await previous?.value
                    await answer(entry.message, action)
                }
            }
        }
    }
}

/// The vigord notifications on screen: each one's message and the server that showed it.
private final class OnScreen: Sendable {
    struct Shown {
        var byID: [UInt32: (message: GhostMessage, server: String)] = [:]
        var latest: UInt32?
        /// The answer started last.
        var lastAnswer: Task<Void, Never>?

        func id(of key: String) -> UInt32? {
            byID.first { $0.value.message.key == key }?.key
        }

        mutating func forget(_ id: UInt32) {
            byID[id] = nil
            if latest == id { latest = nil }
        }
    }

    private let state = Mutex(Shown())

    func withLock<T>(_ body: (inout Shown) -> sending T) -> sending T {
        state.withLock { body(&$0) }
    }
}
