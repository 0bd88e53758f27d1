import Foundation
import TestPrograms
import Testing
import VigorRPC

/// Replies over a real socket keep the order of requests, whichever handler suspends.
@Suite(.removesScratchFolders, .serialized) struct ConnectionOrderTests {
    let daemon: DaemonHarness

    init() throws {
        daemon = try DaemonHarness(label: "order")
        try daemon.start()
    }

    private static func status(_ id: Int) -> String {
        #"{"jsonrpc":"2.0","method":"status","id":\#(id)}"# + "\n"
    }

    private static func delay(_ milliseconds: Int, id: Int) -> String {
        #"{"jsonrpc":"2.0","method":"debug.delay","params":{"milliseconds":\#(milliseconds)},"id":\#(id)}"# + "\n"
    }

    private func ids(of lines: [String]) throws -> [RPCID?] {
        try lines.map { try JSONDecoder().decode(RPCResponse.self, from: Data($0.utf8)).id }
    }

    @Test func pipelinedRepliesKeepTheOrderOfRequestsWhenAnEarlierOneSuspends() throws {
        let socket = try RawSocket(path: daemon.socketPath)
        try socket.send(Self.delay(300, id: 1) + Self.status(2) + Self.delay(0, id: 3) + Self.status(4))
        let lines = try (1...4).compactMap { _ in try socket.readLine() }
        #expect(try ids(of: lines) == [.number(1), .number(2), .number(3), .number(4)])
    }

    @Test func aClientThatStopsSendingGetsEveryReplyThenTheConnectionCloses() throws {
        let socket = try RawSocket(path: daemon.socketPath)
        try socket.send(Self.status(1) + Self.delay(100, id: 2) + Self.status(3))
        try socket.finishSending()
        let lines = try (1...3).compactMap { _ in try socket.readLine() }
        #expect(try ids(of: lines) == [.number(1), .number(2), .number(3)])
        #expect(try socket.readLine() == nil)
    }

    @Test func blankLinesBetweenFramesGetNoReply() throws {
        let socket = try RawSocket(path: daemon.socketPath)
        try socket.send(Self.status(1) + "\n  \r\n\t\n" + Self.status(2))
        try socket.finishSending()
        let lines = try (1...2).compactMap { _ in try socket.readLine() }
        #expect(try ids(of: lines) == [.number(1), .number(2)])
        #expect(try socket.readLine() == nil)
    }

    /// The daemon's resident memory in KiB, from /proc.
    private func residentKiB() throws -> Int {
        let status = try String(contentsOfFile: "/proc/\(daemon.pid)/status", encoding: .utf8)
        let line = try #require(status.split(separator: "\n").first { $0.hasPrefix("VmRSS:") })
        return try #require(Int(line.split(separator: " ", omittingEmptySubsequences: true)[1]))
    }

    @Test func aClientThatNeverReadsIsNoLongerReadWhileAnotherIsServed() throws {
        let before = try residentKiB()
        let flooding = try RawSocket(path: daemon.socketPath)
        let other = try RawSocket(path: daemon.socketPath)
        var taken = 0
        var roundsRefused = 0
        for round in 1...200 where roundsRefused < 5 {
            let more = try flooding.sendUntilFull(Self.status(1))
            taken += more
            roundsRefused = more == 0 ? roundsRefused + 1 : 0
            // The other client is answered meanwhile, and its round trip gives the daemon time to read more.
            try other.send(Self.status(round))
            #expect(try ids(of: [try #require(try other.readLine())]) == [.number(Int64(round))])
        }
        // Requests of ~45 bytes whose ~2 KiB replies nobody reads: the daemon stops reading once the replies
        // fill the socket buffers, long before 4 MiB of requests.
        #expect(roundsRefused == 5, "the daemon still read from a client that never reads")
        #expect(taken < 4 << 20, "the daemon read \(taken) bytes from a client that never reads")
        // What it did read left no more than a few MiB of replies waiting in its memory.
        let grown = try residentKiB() - before
        #expect(grown < 64 << 10, "the daemon grew by \(grown) KiB for a client that never reads")
    }
}
