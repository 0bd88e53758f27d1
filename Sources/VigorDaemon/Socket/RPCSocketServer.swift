import Foundation
import Logging
import NIOCore
import NIOPosix
import ServiceLifecycle
import VigorRPC

#if canImport(Glibc)
import Glibc
#endif

/// Where the server listens: a socket systemd passed, or a path it binds itself (already
/// checked by `SocketPreparer`).
public enum ListeningSocket: Sendable, Equatable {
    case systemd(descriptor: Int32, path: String)
    case path(String)

    public var path: String {
        switch self {
        case .systemd(_, let path), .path(let path): path
        }
    }

    public var origin: String {
        switch self {
        case .systemd: "systemd"
        case .path: "bound"
        }
    }
}

/// The JSON-RPC server on the Unix socket: peer credentials checked on accept, each connection served by
/// an `RPCConnection` in a task of its own. On graceful shutdown it stops accepting, closes idle
/// connections, and lets requests in flight finish.
public struct RPCSocketServer: Service {
    private let listener: ListeningSocket
    private let dispatcher: RPCDispatcher
    private let group: any EventLoopGroup
    private let logger: Logger
    private let daemonUID: UInt32
    private let onReady: @Sendable () -> Void
    private let onStopping: @Sendable () -> Void
    private let registry = ConnectionRegistry()

    public init(
        listener: ListeningSocket, dispatcher: RPCDispatcher, group: any EventLoopGroup, logger: Logger,
        daemonUID: UInt32 = getuid(), onReady: @escaping @Sendable () -> Void, onStopping: @escaping @Sendable () -> Void
    ) {
        self.listener = listener
        self.dispatcher = dispatcher
        self.group = group
        self.logger = logger
        self.daemonUID = daemonUID
        self.onReady = onReady
        self.onStopping = onStopping
    }

    /// A connection as accepted: a peer that may talk to the daemon, or one that is refused.
    enum Accepted: Sendable {
        case allowed(NIOAsyncChannel<InboundFrame, ByteBuffer>)
        case refused(PeerCredentials, any Channel)
    }

    public func run() async throws {
        let server = try await bind()
        onReady()
        let registry = self.registry
        let onStopping = self.onStopping
        try await withGracefulShutdownHandler {
            try await server.executeThenClose { inbound in
                try await withThrowingDiscardingTaskGroup { tasks in
                    for try await accepted in inbound {
                        tasks.addTask { await self.serve(accepted) }
                    }
                }
            }
        } onGracefulShutdown: {
            onStopping()
            server.channel.close(promise: nil)
            registry.shutDown()
        }
        logger.info("socket server stopped")
    }

    private func bind() async throws -> NIOAsyncChannel<Accepted, Never> {
        let bootstrap = ServerBootstrap(group: group)
            .serverChannelOption(.backlog, value: 256)
            .childChannelOption(.allowRemoteHalfClosure, value: true)
        let initializer: @Sendable (any Channel) -> EventLoopFuture<Accepted> = { [daemonUID] channel in
            Self.initialize(channel, daemonUID: daemonUID)
        }
        switch listener {
        case .systemd(let descriptor, let path):
            logger.info("listening on the socket passed by systemd", metadata: ["socket": "\(path)"])
            return try await bootstrap.bind(descriptor, cleanupExistingSocketFile: false, childChannelInitializer: initializer)
        case .path(let path):
            let channel = try await bootstrap.bind(unixDomainSocketPath: path, childChannelInitializer: initializer)
            try SocketPreparer.restrict(path: path)
            logger.info("listening", metadata: ["socket": "\(path)"])
            return channel
        }
    }

    /// Reads SO_PEERCRED: any user but the daemon's and root is refused; the others get a line decoder.
    private static func initialize(_ channel: any Channel, daemonUID: UInt32) -> EventLoopFuture<Accepted> {
        guard let provider = channel as? any SocketOptionProvider else {
            return channel.eventLoop.makeFailedFuture(DaemonError.socketSetup(path: "", detail: "no socket options on this channel"))
        }
        let credentialsFuture: EventLoopFuture<RawPeerCredentials> = provider.unsafeGetSocketOption(
            level: .socket, name: NIOBSDSocket.Option(rawValue: SO_PEERCRED))
        return credentialsFuture.flatMapThrowing { raw -> Accepted in
            let peer = PeerCredentials(pid: raw.pid, uid: raw.uid, gid: raw.gid)
            guard peer.isAllowed(daemonUID: daemonUID) else { return .refused(peer, channel) }
            try channel.pipeline.syncOperations.addHandler(ByteToMessageHandler(JSONLineFrameDecoder(limit: RPCCoding.maximumFrameBytes)))
            return .allowed(try NIOAsyncChannel(wrappingChannelSynchronously: channel))
        }
    }

    /// Serves an allowed connection until it closes, so a graceful shutdown waits for it; refuses the others
    /// with a -32002 reply and a log line.
    private func serve(_ accepted: Accepted) async {
        switch accepted {
        case .refused(let peer, let channel):
            logger.warning(
                "refused a connection from another user",
                metadata: ["peer-uid": "\(peer.uid)", "peer-pid": "\(peer.pid)", "peer-gid": "\(peer.gid)"])
            var buffer = channel.allocator.buffer(capacity: 256)
            let refusal = RPCErrorObject(.permissionDenied, "Permission denied: uid \(peer.uid) may not use this daemon")
            buffer.writeBytes(RPCDispatcher.errorReply(refusal))
            buffer.writeInteger(UInt8(ascii: "\n"))
            do {
                try await channel.writeAndFlush(buffer)
            } catch {
                logger.debug("could not tell a refused peer why", metadata: ["error": "\(error)"])
            }
            channel.close(promise: nil)
        case .allowed(let connection):
            guard registry.open(connection.channel) else {
                connection.channel.close(promise: nil)
                return
            }
            do {
                try await RPCConnection(dispatcher: dispatcher, registry: registry, logger: logger).serve(connection)
            } catch {
                logger.debug("connection ended with an error", metadata: ["error": "\(error)"])
            }
            registry.closed(connection.channel)
        }
    }
}
