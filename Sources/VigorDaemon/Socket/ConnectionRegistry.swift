import NIOCore
import Synchronization

/// Tracks open connections and whether each is handling a request, so a graceful shutdown
/// closes idle connections at once and busy ones right after their reply.
final class ConnectionRegistry: Sendable {
    private struct State {
        var channels: [ObjectIdentifier: (channel: any Channel, busy: Bool)] = [:]
        var shuttingDown = false
    }

    private let state = Mutex(State())

    /// Registers a new connection; false when shutdown has begun (the caller closes it).
    func open(_ channel: any Channel) -> Bool {
        state.withLock { state in
            guard !state.shuttingDown else { return false }
            state.channels[ObjectIdentifier(channel)] = (channel, false)
            return true
        }
    }

    func closed(_ channel: any Channel) {
        _ = state.withLock { $0.channels.removeValue(forKey: ObjectIdentifier(channel)) }
    }

    /// Marks a request as started; false when shutdown has begun and it must be refused.
    func begin(_ channel: any Channel) -> Bool {
        state.withLock { state in
            guard !state.shuttingDown else { return false }
            state.channels[ObjectIdentifier(channel)]?.busy = true
            return true
        }
    }

    /// Marks a request as finished; true when the connection should now close.
    func finish(_ channel: any Channel) -> Bool {
        state.withLock { state in
            state.channels[ObjectIdentifier(channel)]?.busy = false
            return state.shuttingDown
        }
    }

    /// Begins shutdown and closes every idle connection.
    func shutDown() {
        let idle = state.withLock { state -> [any Channel] in
            state.shuttingDown = true
            return state.channels.values.filter { !$0.busy }.map(\.channel)
        }
        for channel in idle { channel.close(promise: nil) }
    }

    var count: Int { state.withLock { $0.channels.count } }
}
