import CSystemd
import Foundation
import Synchronization

/// The desktop's notification server (`org.freedesktop.Notifications`) over one sd-bus connection to the
/// session bus, driven by a thread of its own: an sd-bus connection is used by one thread, so every call runs
/// there. In between, the thread sleeps in `poll` on the bus socket and a wake pipe, with no timer, and hands
/// each notification signal that arrives to `onEvent`. It connects on first use and again after the bus
/// went away.
final class DesktopBus: Sendable {
    /// A signal from a notification server, with the unique bus name that sent it.
    enum Event: Sendable, Equatable {
        case actionInvoked(id: UInt32, action: String, sender: String)
        case closed(id: UInt32, sender: String)
    }

    /// What one `Notify` call shows.
    struct Notification: Sendable {
        var summary: String
        var body: String
        /// Action key and label, in order.
        var actions: [(key: String, label: String)]
        /// 0 low, 1 normal, 2 critical.
        var urgency: UInt8
        /// The notification this one takes the place of, or 0.
        var replaces: UInt32
    }

    /// The session bus address from the environment: `DBUS_SESSION_BUS_ADDRESS`, or the socket `systemd --user`
    /// keeps at `$XDG_RUNTIME_DIR/bus`; nil when there is none (the system unit, a bare ssh login).
    static func sessionAddress(environment: [String: String]) -> String? {
        if let address = environment["DBUS_SESSION_BUS_ADDRESS"], !address.isEmpty { return address }
        guard let runtime = environment["XDG_RUNTIME_DIR"], !runtime.isEmpty else { return nil }
        var info = stat()
        guard stat(runtime + "/bus", &info) == 0, info.st_mode & S_IFMT == S_IFSOCK else { return nil }
        return "unix:path=\(runtime)/bus"
    }

    /// How long a call may take before the server counts as hung.
    static let callTimeoutMicroseconds: UInt64 = 5_000_000

    private struct Queue {
        var jobs: [@Sendable (Link) -> Void] = []
        var stopped = false
    }

    private let queue = Mutex(Queue())
    private let wakeRead: Int32
    private let wakeWrite: Int32

    /// Starts the bus thread; it connects to `address` when the first call needs it.
    init(address: String, onEvent: @escaping @Sendable (Event) -> Void) throws(NotificationError) {
        var wake: [Int32] = [-1, -1]
        guard pipe(&wake) == 0, wake.allSatisfy({ fcntl($0, F_SETFL, O_NONBLOCK) == 0 && fcntl($0, F_SETFD, FD_CLOEXEC) == 0 }) else {
            throw NotificationError("cannot make a wake pipe: \(String(cString: strerror(errno)))")
        }
        wakeRead = wake[0]
        wakeWrite = wake[1]
        let thread = Thread { [self] in run(address: address, onEvent: onEvent) }
        thread.name = "vigord-desktop-bus"
        thread.start()
    }

    deinit {
        Glibc.close(wakeRead)
        Glibc.close(wakeWrite)
    }

    /// Shows `notification`; returns its id and the unique bus name of the server that showed it.
    func notify(_ notification: Notification) async throws(NotificationError) -> (id: UInt32, server: String) {
        try await perform { link throws(NotificationError) in try link.notify(notification) }
    }

    /// Takes notification `id` down.
    func close(id: UInt32) async throws(NotificationError) {
        try await perform { link throws(NotificationError) in try link.close(id: id) }
    }

    /// Ends the thread and the connection; later calls fail.
    func stop() {
        queue.withLock { $0.stopped = true }
        wake()
    }

    private func perform<T: Sendable>(
        _ work: @escaping @Sendable (Link) throws(NotificationError) -> T
    ) async throws(NotificationError) -> T {
        let result: Result<T, NotificationError> = await withCheckedContinuation { continuation in
            let queued = queue.withLock { queue in
                guard !queue.stopped else { return false }
                queue.jobs.append { link in
                    do throws(NotificationError) {
                        continuation.resume(returning: .success(try work(link)))
                    } catch {
                        continuation.resume(returning: .failure(error))
                    }
                }
                return true
            }
            if queued {
                wake()
            } else {
                continuation.resume(returning: .failure(NotificationError("the desktop connection is closed")))
            }
        }
        return try result.get()
    }

    private func wake() {
        var byte: UInt8 = 1
        // A full pipe already holds a wake-up, so a failed write loses nothing.
        _ = write(wakeWrite, &byte, 1)
    }

    /// The bus thread: run queued calls, dispatch what arrived, then sleep until the socket or the pipe wakes it.
    private func run(address: String, onEvent: @Sendable (Event) -> Void) {
        let link = Link(address: address)
        var drain = [UInt8](repeating: 0, count: 64)
        while true {
            let (jobs, stopped) = queue.withLock { queue in
                defer { queue.jobs = [] }
                return (queue.jobs, queue.stopped)
            }
            for job in jobs { job(link) }
            if stopped {
                link.disconnect()
                return
            }
            for event in link.dispatch() { onEvent(event) }
            var fds = [pollfd(fd: wakeRead, events: Int16(POLLIN), revents: 0)]
            let wait = link.wait()
            if let wait { fds.append(wait.fd) }
            if poll(&fds, nfds_t(fds.count), wait?.timeoutMilliseconds ?? -1) < 0 && errno != EINTR { link.disconnect() }
            if fds[0].revents != 0 {
                while drain.withUnsafeMutableBytes({ read(wakeRead, $0.baseAddress, $0.count) }) > 0 {}
            }
        }
    }
}

/// The connection as the bus thread holds it; used on that thread only.
private final class Link {
    private let address: String
    private var bus: OpaquePointer?

    init(address: String) {
        self.address = address
    }

    private static let destination = "org.freedesktop.Notifications"
    private static let path = "/org/freedesktop/Notifications"

    func notify(_ notification: DesktopBus.Notification) throws(NotificationError) -> (id: UInt32, server: String) {
        let message = try methodCall(Self.destination, Self.path, Self.destination, "Notify")
        defer { sd_bus_message_unref(message) }
        try append(message, string: "vigord")
        try append(message, uint32: notification.replaces)
        try append(message, string: "appointment-soon")
        try append(message, string: notification.summary)
        try append(message, string: notification.body)
        try check(sd_bus_message_open_container(message, type("a"), "s"), "actions")
        for action in notification.actions {
            try append(message, string: action.key)
            try append(message, string: action.label)
        }
        try check(sd_bus_message_close_container(message), "actions")
        try check(sd_bus_message_open_container(message, type("a"), "{sv}"), "hints")
        try check(sd_bus_message_open_container(message, type("e"), "sv"), "hints")
        try append(message, string: "urgency")
        try check(sd_bus_message_open_container(message, type("v"), "y"), "hints")
        var urgency = notification.urgency
        try check(sd_bus_message_append_basic(message, type("y"), &urgency), "hints")
        try check(sd_bus_message_close_container(message), "hints")
        try check(sd_bus_message_close_container(message), "hints")
        try check(sd_bus_message_close_container(message), "hints")
        var expire: Int32 = -1
        try check(sd_bus_message_append_basic(message, type("i"), &expire), "expire timeout")
        let reply = try call(message)
        defer { sd_bus_message_unref(reply) }
        var id: UInt32 = 0
        try check(sd_bus_message_read_basic(reply, type("u"), &id), "the reply to Notify")
        guard let sender = sd_bus_message_get_sender(reply) else {
            throw NotificationError("the reply to Notify names no sender")
        }
        return (id, String(cString: sender))
    }

    func close(id: UInt32) throws(NotificationError) {
        let message = try methodCall(Self.destination, Self.path, Self.destination, "CloseNotification")
        defer { sd_bus_message_unref(message) }
        try append(message, uint32: id)
        sd_bus_message_unref(try call(message))
    }

    /// Every notification signal waiting on the connection, read; a broken connection is dropped (the next call
    /// connects again).
    func dispatch() -> [DesktopBus.Event] {
        guard let bus else { return [] }
        var events: [DesktopBus.Event] = []
        while true {
            var message: OpaquePointer?
            let processed = sd_bus_process(bus, &message)
            if processed < 0 {
                disconnect()
                return events
            }
            if let message {
                if let event = Self.event(message) { events.append(event) }
                sd_bus_message_unref(message)
            }
            if processed == 0 { return events }
        }
    }

    /// What to poll for: the bus socket and how long until sd-bus wants to run again (-1: only on input).
    func wait() -> (fd: pollfd, timeoutMilliseconds: Int32)? {
        guard let bus else { return nil }
        let fd = sd_bus_get_fd(bus)
        let events = sd_bus_get_events(bus)
        guard fd >= 0, events >= 0 else { return nil }
        var until: UInt64 = 0
        var timeout: Int32 = -1
        if sd_bus_get_timeout(bus, &until) >= 0 && until != UInt64.max {
            var now = timespec()
            clock_gettime(CLOCK_MONOTONIC, &now)
            let nowMicroseconds = UInt64(now.tv_sec) * 1_000_000 + UInt64(now.tv_nsec) / 1000
            timeout = until <= nowMicroseconds ? 0 : Int32(min((until - nowMicroseconds + 999) / 1000, UInt64(Int32.max)))
        }
        return (pollfd(fd: fd, events: Int16(truncatingIfNeeded: events), revents: 0), timeout)
    }

    func disconnect() {
        if let bus { sd_bus_flush_close_unref(bus) }
        bus = nil
    }

    private static func event(_ message: OpaquePointer) -> DesktopBus.Event? {
        guard let senderText = sd_bus_message_get_sender(message) else { return nil }
        let sender = String(cString: senderText)
        var id: UInt32 = 0
        if sd_bus_message_is_signal(message, destination, "ActionInvoked") > 0 {
            var action: UnsafePointer<CChar>?
            guard sd_bus_message_read_basic(message, type("u"), &id) >= 0,
                sd_bus_message_read_basic(message, type("s"), &action) >= 0, let action
            else { return nil }
            return .actionInvoked(id: id, action: String(cString: action), sender: sender)
        }
        if sd_bus_message_is_signal(message, destination, "NotificationClosed") > 0 {
            guard sd_bus_message_read_basic(message, type("u"), &id) >= 0 else { return nil }
            return .closed(id: id, sender: sender)
        }
        return nil
    }

    /// The connection, made when there is none: a bus client that hears the server's signals, broadcast or
    /// sent to it alone.
    private func connected() throws(NotificationError) -> OpaquePointer {
        if let bus { return bus }
        var made: OpaquePointer?
        try check(sd_bus_new(&made), "sd_bus_new")
        guard let made else { throw NotificationError("sd_bus_new gave no connection") }
        do throws(NotificationError) {
            try check(sd_bus_set_address(made, address), "the session bus address '\(address)'")
            try check(sd_bus_set_bus_client(made, 1), "sd_bus_set_bus_client")
            try check(sd_bus_start(made), "connecting to the session bus at \(address)")
        } catch {
            sd_bus_flush_close_unref(made)
            throw error
        }
        bus = made
        let rule = "type='signal',interface='\(Self.destination)',path='\(Self.path)'"
        let message = try methodCall("org.freedesktop.DBus", "/org/freedesktop/DBus", "org.freedesktop.DBus", "AddMatch")
        defer { sd_bus_message_unref(message) }
        try append(message, string: rule)
        sd_bus_message_unref(try call(message))
        return made
    }

    private func methodCall(
        _ destination: String, _ path: String, _ interface: String, _ member: String
    ) throws(NotificationError) -> OpaquePointer {
        let bus = try connected()
        var message: OpaquePointer?
        try check(sd_bus_message_new_method_call(bus, &message, destination, path, interface, member), member)
        guard let message else { throw NotificationError("sd-bus made no \(member) message") }
        return message
    }

    /// Sends `message` and waits for the reply; a connection that broke is dropped.
    private func call(_ message: OpaquePointer) throws(NotificationError) -> OpaquePointer {
        let bus = try connected()
        var error = sd_bus_error()
        defer { sd_bus_error_free(&error) }
        var reply: OpaquePointer?
        let result = sd_bus_call(bus, message, DesktopBus.callTimeoutMicroseconds, &error, &reply)
        guard result >= 0, let reply else {
            let member = sd_bus_message_get_member(message).map { String(cString: $0) } ?? "call"
            let reason = error.message.map { String(cString: $0) } ?? String(cString: strerror(-result))
            if result == -ECONNRESET || result == -ENOTCONN { disconnect() }
            throw NotificationError("\(member) failed: \(reason)")
        }
        return reply
    }

    private func append(_ message: OpaquePointer, string: String) throws(NotificationError) {
        try check(string.withCString { sd_bus_message_append_basic(message, type("s"), $0) }, "a string argument")
    }

    private func append(_ message: OpaquePointer, uint32: UInt32) throws(NotificationError) {
        var value = uint32
        try check(sd_bus_message_append_basic(message, type("u"), &value), "a number argument")
    }

    private func check(_ result: Int32, _ what: String) throws(NotificationError) {
        guard result >= 0 else { throw NotificationError("\(what): \(String(cString: strerror(-result)))") }
    }
}

/// A D-Bus type code as sd-bus takes it.
private func type(_ code: Unicode.Scalar) -> CChar {
    CChar(truncatingIfNeeded: code.value)
}
