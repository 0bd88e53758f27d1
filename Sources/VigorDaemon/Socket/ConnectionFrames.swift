import NIOCore

/// The frames of one connection, answered strictly in order: a frame waits while an earlier one's handler
/// is suspended, reading pauses while too many wait, and the connection closes once the client has
/// finished sending and every frame is answered. Pure state; `RPCConnectionHandler` performs the steps.
struct ConnectionFrames {
    /// What the connection does next.
    enum Step: Equatable {
        /// Answer this line (never blank).
        case answer(ByteBuffer)
        /// Reply that the frame was too large, then close.
        case refuseOversized
        /// The client sent its last frame and every reply is written: close once they are flushed.
        case closeWhenFlushed
        /// Nothing to do until a frame arrives or a suspended reply is ready.
        case wait
    }

    /// Reading pauses while this many frames wait behind a suspended one.
    let pauseAbove: Int
    private var queued = CircularBuffer<InboundFrame>()
    private var suspended = false
    private var inputClosed = false
    private(set) var closing = false

    init(pauseAbove: Int = 64) {
        self.pauseAbove = pauseAbove
    }

    /// Whether the connection may read more bytes now.
    var mayRead: Bool { !closing && queued.count < pauseAbove }

    mutating func received(_ frame: InboundFrame) {
        guard !closing else { return }
        queued.append(frame)
    }

    /// The client closed its sending side (half-closure): answer what came, then close.
    mutating func inputEnded() {
        inputClosed = true
    }

    /// The frame last handed out waits for a suspending handler; nothing else is answered meanwhile.
    mutating func suspend() {
        suspended = true
    }

    /// The suspended frame's reply is written; the queue moves on.
    mutating func resumed() {
        suspended = false
    }

    /// No more frames are answered: the connection is closing (an oversized frame, a shutdown).
    mutating func close() {
        closing = true
        queued.removeAll()
    }

    mutating func next() -> Step {
        guard !closing, !suspended else { return .wait }
        while let frame = queued.popFirst() {
            switch frame {
            case .oversized:
                close()
                return .refuseOversized
            case .line(let line):
                if Self.isBlank(line) { continue }
                return .answer(line)
            }
        }
        guard inputClosed else { return .wait }
        closing = true
        return .closeWhenFlushed
    }

    private static func isBlank(_ line: ByteBuffer) -> Bool {
        line.readableBytesView.allSatisfy { $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t") || $0 == UInt8(ascii: "\r") }
    }
}
