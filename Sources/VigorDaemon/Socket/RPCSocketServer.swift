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

/// The JSON-RPC server on the Unix socket: one task per connection, peer credentials checked
/// on accept, frames answered in order. On graceful shutdown it stops accepting, lets in-flight
/// requests finish, then closes.
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

    enum Accepted: Sendable {
        case allowed(NIOAsyncChannel<InboundFrame, ByteBuffer>, PeerCredentials)
        case refused(PeerCredentials)

        /// The accepted channel's event loop as a task executor (nil for a refusal).
        var executor: EventLoopTaskExecutor? {
            switch self {
            case .allowed(let connection, _): EventLoopTaskExecutor(connection.channel.eventLoop)
            case .refused: nil
            }
        }
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
                        tasks.addTask(executorPreference: accepted.executor) { await self.serve(accepted) }
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
        let initializer: @Sendable (any Channel) -> EventLoopFuture<Accepted> = { [daemonUID, logger] channel in
            Self.initialize(channel, daemonUID: daemonUID, logger: logger)
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

    /// Reads SO_PEERCRED; refuses any user but the daemon's and root with a -32002 reply.
    private static func initialize(_ channel: any Channel, daemonUID: UInt32, logger: Logger) -> EventLoopFuture<Accepted> {
        guard let provider = channel as? any SocketOptionProvider else {
            return channel.eventLoop.makeFailedFuture(DaemonError.socketSetup(path: "", detail: "no socket options on this channel"))
        }
        let credentialsFuture: EventLoopFuture<RawPeerCredentials> = provider.unsafeGetSocketOption(
            level: .socket, name: NIOBSDSocket.Option(rawValue: SO_PEERCRED))
        return credentialsFuture.flatMapThrowing { raw -> Accepted in
            let peer = PeerCredentials(pid: raw.pid, uid: raw.uid, gid: raw.gid)
            guard peer.isAllowed(daemonUID: daemonUID) else {
                var buffer = channel.allocator.buffer(capacity: 256)
                let refusal = RPCErrorObject(.permissionDenied, "Permission denied: uid \(peer.uid) may not use this daemon")
                buffer.writeBytes(RPCDispatcher.errorReply(refusal))
                buffer.writeInteger(UInt8(ascii: "\n"))
                channel.writeAndFlush(buffer).whenComplete { _ in channel.close(promise: nil) }
                return .refused(peer)
            }
            try channel.pipeline.syncOperations.addHandler(
                ByteToMessageHandler(JSONLineFrameDecoder(limit: RPCCoding.maximumFrameBytes)))
            let wrapped = try NIOAsyncChannel<InboundFrame, ByteBuffer>(
                wrappingChannelSynchronously: channel,
                configuration: .init(isOutboundHalfClosureEnabled: true))
            return .allowed(wrapped, peer)
        }
    }

    private func serve(_ accepted: Accepted) async {
        switch accepted {
        case .refused(let peer):
            logger.warning(
                "refused a connection from another user",
                metadata: ["peer-uid": "\(peer.uid)", "peer-pid": "\(peer.pid)", "peer-gid": "\(peer.gid)"])
        case .allowed(let connection, let peer):
            let channel = connection.channel
            guard registry.open(channel) else {
                channel.close(promise: nil)
                return
            }
            defer { registry.closed(channel) }
            do {
                try await connection.executeThenClose { inbound, outbound in
                    try await answer(inbound: inbound, outbound: outbound, channel: channel)
                }
            } catch {
                logger.debug("connection ended with an error", metadata: ["peer-pid": "\(peer.pid)", "error": "\(error)"])
            }
        }
    }

    private func answer(
        inbound: NIOAsyncChannelInboundStream<InboundFrame>, outbound: NIOAsyncChannelOutboundWriter<ByteBuffer>,
        channel: any Channel
    ) async throws {
        for try await frame in inbound {
            switch frame {
            case .oversized:
                logger.warning("closed a connection whose frame exceeded \(RPCCoding.maximumFrameBytes) bytes")
                try await outbound.write(Self.line(RPCDispatcher.oversizedFrameReply(), channel))
                return
            case .line(let buffer):
                if buffer.readableBytesView.allSatisfy({ $0 == 32 || $0 == 9 || $0 == 13 }) { continue }
                guard registry.begin(channel) else {
                    let refusal = RPCErrorObject(.shuttingDown, "Shutting down: vigord accepts no new requests")
                    try await outbound.write(Self.line(RPCDispatcher.errorReply(refusal), channel))
                    return
                }
                let reply = await dispatcher.reply(to: Data(buffer.readableBytesView))
                if let reply { try await outbound.write(Self.line(reply, channel)) }
                if registry.finish(channel) { return }
            }
        }
    }

    private static func line(_ data: Data, _ channel: any Channel) -> ByteBuffer {
        var buffer = channel.allocator.buffer(capacity: data.count + 1)
        buffer.writeBytes(data)
        buffer.writeInteger(UInt8(ascii: "\n"))
        return buffer
    }
}
