import NIOCore
import Testing

@testable import VigorDaemon

private func line(_ text: String) -> InboundFrame {
    .line(ByteBuffer(string: text))
}

private func answered(_ step: ConnectionFrames.Step) -> String? {
    guard case .answer(let buffer) = step else { return nil }
    return String(buffer: buffer)
}

@Test func framesWaitBehindASuspendedOneAndKeepTheirOrder() {
    var frames = ConnectionFrames()
    frames.received(line("first"))
    frames.received(line("second"))
    #expect(answered(frames.next()) == "first")
    frames.suspend()
    frames.received(line("third"))
    #expect(frames.next() == .wait)
    frames.resumed()
    #expect(answered(frames.next()) == "second")
    #expect(answered(frames.next()) == "third")
    #expect(frames.next() == .wait)
}

@Test func blankLinesAreNotAnswered() {
    var frames = ConnectionFrames()
    frames.received(line(" \t\r"))
    frames.received(line(""))
    frames.received(line("request"))
    #expect(answered(frames.next()) == "request")
    #expect(frames.next() == .wait)
}

@Test func readingPausesWhileTooManyFramesWaitAndResumesAsTheyAreAnswered() {
    var frames = ConnectionFrames(pauseAbove: 2)
    frames.received(line("a"))
    #expect(answered(frames.next()) == "a")
    frames.suspend()
    frames.received(line("b"))
    #expect(frames.mayRead)
    frames.received(line("c"))
    #expect(!frames.mayRead)
    frames.resumed()
    #expect(answered(frames.next()) == "b")
    #expect(frames.mayRead)
}

@Test func anOversizedFrameDropsWhatIsQueuedBehindItAndCloses() {
    var frames = ConnectionFrames()
    frames.received(line("before"))
    frames.received(.oversized)
    frames.received(line("after"))
    #expect(answered(frames.next()) == "before")
    #expect(frames.next() == .refuseOversized)
    #expect(frames.closing)
    frames.received(line("later still"))
    #expect(frames.next() == .wait)
    #expect(!frames.mayRead)
}

@Test func aHalfClosedConnectionClosesOnlyAfterEveryFrameIsAnswered() {
    var frames = ConnectionFrames()
    frames.received(line("one"))
    frames.received(line("two"))
    frames.inputEnded()
    #expect(answered(frames.next()) == "one")
    frames.suspend()
    #expect(frames.next() == .wait)
    frames.resumed()
    #expect(answered(frames.next()) == "two")
    #expect(frames.next() == .closeWhenFlushed)
    #expect(frames.next() == .wait)
}
