import NIOCore

/// One inbound frame: a line of JSON, or the news that a line grew past the size limit.
enum InboundFrame: Sendable, Equatable {
    case line(ByteBuffer)
    case oversized
}

/// Splits the byte stream at `\n` (a trailing `\r` is dropped). A line longer than `limit`
/// yields `.oversized` once and everything after it is discarded: the connection will close.
struct JSONLineFrameDecoder: ByteToMessageDecoder {
    typealias InboundOut = InboundFrame

    let limit: Int
    private var scanned = 0
    private var discarding = false

    init(limit: Int) {
        self.limit = limit
    }

    mutating func decode(context: ChannelHandlerContext, buffer: inout ByteBuffer) throws -> DecodingState {
        if discarding {
            buffer.moveReaderIndex(forwardBy: buffer.readableBytes)
            return .needMoreData
        }
        let view = buffer.readableBytesView
        guard let newline = view[(view.startIndex + scanned)...].firstIndex(of: UInt8(ascii: "\n")) else {
            scanned = view.count
            if view.count > limit { emitOversized(context: context, buffer: &buffer) }
            return .needMoreData
        }
        let length = newline - view.startIndex
        scanned = 0
        guard length <= limit + 1 else {
            emitOversized(context: context, buffer: &buffer)
            return .needMoreData
        }
        guard var line = buffer.readSlice(length: length) else { return .needMoreData }
        buffer.moveReaderIndex(forwardBy: 1)
        if line.readableBytesView.last == UInt8(ascii: "\r") {
            line = line.getSlice(at: line.readerIndex, length: line.readableBytes - 1) ?? line
        }
        guard line.readableBytes <= limit else {
            emitOversized(context: context, buffer: &buffer)
            return .needMoreData
        }
        context.fireChannelRead(wrapInboundOut(.line(line)))
        return .continue
    }

    mutating func decodeLast(context: ChannelHandlerContext, buffer: inout ByteBuffer, seenEOF: Bool) throws -> DecodingState {
        while try decode(context: context, buffer: &buffer) == .continue {}
        if !discarding, buffer.readableBytes > 0, let rest = buffer.readSlice(length: buffer.readableBytes) {
            context.fireChannelRead(wrapInboundOut(.line(rest)))
        }
        return .needMoreData
    }

    private mutating func emitOversized(context: ChannelHandlerContext, buffer: inout ByteBuffer) {
        discarding = true
        buffer.moveReaderIndex(forwardBy: buffer.readableBytes)
        context.fireChannelRead(wrapInboundOut(.oversized))
    }
}
