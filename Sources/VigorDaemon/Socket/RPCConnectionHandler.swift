import Foundation
import Logging
import NIOCore
import VigorRPC

/// Answers one connection's frames on its event loop. A frame whose handlers never suspend (`status`) is
/// answered in the read that brought it, with no task; one that needs a suspending handler starts a task and
/// holds the frames behind it until its reply is written, so replies keep the order of requests.
final class RPCConnectionHandler: ChannelDuplexHandler {
    typealias InboundIn = InboundFrame
    typealias OutboundIn = ByteBuffer
    typealias OutboundOut = ByteBuffer

    private let dispatcher: RPCDispatcher
    private let registry: ConnectionRegistry
    private let logger: Logger
    private var frames = ConnectionFrames()
    private var context: ChannelHandlerContext?
    private var readHeld = false

    init(dispatcher: RPCDispatcher, registry: ConnectionRegistry, logger: Logger) {
        self.dispatcher = dispatcher
        self.registry = registry
        self.logger = logger
    }

    func handlerAdded(context: ChannelHandlerContext) {
        self.context = context
    }

    func handlerRemoved(context: ChannelHandlerContext) {
        self.context = nil
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        frames.received(unwrapInboundIn(data))
        answerQueued(context)
    }

    func channelReadComplete(context: ChannelHandlerContext) {
        context.flush()
    }

    func userInboundEventTriggered(context: ChannelHandlerContext, event: Any) {
        guard let event = event as? ChannelEvent, event == .inputClosed else {
            context.fireUserInboundEventTriggered(event)
            return
        }
        frames.inputEnded()
        answerQueued(context)
        context.flush()
    }

    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        logger.debug("connection ended with an error", metadata: ["error": "\(error)"])
        context.close(promise: nil)
    }

    /// Holds the next read while too many frames wait behind a suspended one (back-pressure on the client).
    func read(context: ChannelHandlerContext) {
        if frames.mayRead {
            context.read()
        } else {
            readHeld = true
        }
    }

    /// Answers queued frames until one suspends or none is left; replies are written, flushed by the caller.
    private func answerQueued(_ context: ChannelHandlerContext) {
        while true {
            switch frames.next() {
            case .wait:
                if readHeld, frames.mayRead {
                    readHeld = false
                    context.read()
                }
                return
            case .closeWhenFlushed:
                closeAfterWrites(context)
                return
            case .refuseOversized:
                logger.warning("closed a connection whose frame exceeded \(RPCCoding.maximumFrameBytes) bytes")
                write(RPCDispatcher.oversizedFrameReply(), context)
                closeAfterWrites(context)
                return
            case .answer(let line):
                guard registry.begin(context.channel) else {
                    let refusal = RPCErrorObject(.shuttingDown, "Shutting down: vigord accepts no new requests")
                    write(RPCDispatcher.errorReply(refusal), context)
                    frames.close()
                    closeAfterWrites(context)
                    return
                }
                switch line.withUnsafeReadableBytes({ dispatcher.answerNow($0) }) {
                case .ready(let reply):
                    if let reply { write(reply, context) }
                    if finishRequest(context) { return }
                case .pending(let pending):
                    frames.suspend()
                    context.flush()
                    answerLater(pending, on: context.eventLoop)
                    return
                }
            }
        }
    }

    /// Runs a suspending frame in a task that prefers this connection's loop, then comes back to the loop.
    private func answerLater(_ pending: PendingFrame, on loop: any EventLoop) {
        let handler = NIOLoopBound(self, eventLoop: loop)
        let dispatcher = self.dispatcher
        Task(executorPreference: EventLoopTaskExecutor(loop)) {
            let reply = await dispatcher.finish(pending)
            if loop.inEventLoop {
                handler.value.resume(with: reply)
            } else {
                loop.execute { handler.value.resume(with: reply) }
            }
        }
    }

    private func resume(with reply: Data?) {
        guard let context else { return }
        frames.resumed()
        if let reply { write(reply, context) }
        if finishRequest(context) { return }
        answerQueued(context)
        context.flush()
    }

    /// Ends a request in the registry; true when shutdown began and the connection is closing.
    private func finishRequest(_ context: ChannelHandlerContext) -> Bool {
        guard registry.finish(context.channel) else { return false }
        frames.close()
        closeAfterWrites(context)
        return true
    }

    private func write(_ reply: Data, _ context: ChannelHandlerContext) {
        var buffer = context.channel.allocator.buffer(capacity: reply.count + 1)
        buffer.writeBytes(reply)
        buffer.writeInteger(UInt8(ascii: "\n"))
        context.write(wrapOutboundOut(buffer), promise: nil)
    }

    /// Closes once every reply written so far has reached the socket (a close fails writes still pending).
    private func closeAfterWrites(_ context: ChannelHandlerContext) {
        let written = context.eventLoop.makePromise(of: Void.self)
        context.writeAndFlush(wrapOutboundOut(context.channel.allocator.buffer(capacity: 0)), promise: written)
        let channel = context.channel
        written.futureResult.whenComplete { _ in channel.close(promise: nil) }
    }
}
