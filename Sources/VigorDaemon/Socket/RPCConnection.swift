import Logging
import NIOCore
import VigorRPC

/// One client connection: frames are read, answered and written one at a time, in order. The channel
/// gives the back-pressure: at most a few frames wait unread while a handler runs, and a reply waits for
/// the socket to take it before the next frame is read.
struct RPCConnection {
    let dispatcher: RPCDispatcher
    let registry: ConnectionRegistry
    let logger: Logger

    /// Answers frames until the client stops sending, a frame is too large, or the daemon shuts down.
    func serve(_ channel: NIOAsyncChannel<InboundFrame, ByteBuffer>) async throws {
        try await channel.executeThenClose { inbound, outbound in
            for try await frame in inbound {
                switch frame {
                case .oversized:
                    logger.warning("closed a connection whose frame exceeded \(RPCCoding.maximumFrameBytes) bytes")
                    try await outbound.write(line(RPCDispatcher.oversizedFrameReply()))
                    return
                case .line(let text):
                    if Self.isBlank(text) { continue }
                    guard registry.begin(channel.channel) else {
                        let refusal = RPCErrorObject(.shuttingDown, "Shutting down: vigord accepts no new requests")
                        try await outbound.write(line(RPCDispatcher.errorReply(refusal)))
                        return
                    }
                    let reply = await dispatcher.reply(to: Array(text.readableBytesView))
                    if let reply { try await outbound.write(line(reply)) }
                    if registry.finish(channel.channel) { return }
                }
            }
        }
    }

    private func line(_ reply: some Collection<UInt8>) -> ByteBuffer {
        var buffer = ByteBuffer()
        buffer.reserveCapacity(reply.count + 1)
        buffer.writeBytes(reply)
        buffer.writeInteger(UInt8(ascii: "\n"))
        return buffer
    }

    private static func isBlank(_ line: ByteBuffer) -> Bool {
        line.readableBytesView.allSatisfy { $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t") || $0 == UInt8(ascii: "\r") }
    }
}
