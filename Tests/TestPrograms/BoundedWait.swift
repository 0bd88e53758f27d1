@_exported import ChildProcesses
import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// How long a program a test runs, or a reply a test reads, may take: a hung daemon fails its test, not the run.
/// Generous on purpose (two shared cores, a debug build); a correct run never comes near it.
public enum TestDeadline {
    public static let seconds = 120
}

/// A program or a read that did not finish within its deadline.
public struct DeadlineMissed: Error, CustomStringConvertible {
    public let description: String
    public init(_ description: String) { self.description = description }
}

extension ChildProcess {
    /// Waits for the program to end and reaps it; past `seconds` it is killed (SIGKILL) and the wait throws.
    @discardableResult
    public func waitUntilExit(within seconds: Int) throws -> Termination {
        guard hasExited(within: Double(seconds)) else {
            signal(SIGKILL)
            waitForExit()
            throw DeadlineMissed("\(executable) \(arguments) did not finish within \(seconds) s; killed")
        }
        return waitForExit()
    }

    /// Asks the program to stop (SIGTERM), kills it when it has not ended within `seconds`, and reaps it.
    public func stop(within seconds: Int = 10) {
        if isRunning {
            signal(SIGTERM)
            if !hasExited(within: Double(seconds)) { signal(SIGKILL) }
        }
        waitForExit()
    }
}

/// Reads a pipe to its end on a thread of its own, so neither of a program's two pipes fills while the other is read.
public final class PipeReader: @unchecked Sendable {
    private var data = Data()
    private let done = DispatchSemaphore(value: 0)

    public init(_ pipe: Pipe) {
        Thread.detachNewThread { [self] in
            data = pipe.fileHandleForReading.readDataToEndOfFile()
            done.signal()
        }
    }

    /// Everything the pipe carried; throws when its writers keep it open past `seconds` (a child left running).
    public func wait(within seconds: Int = TestDeadline.seconds) throws -> Data {
        guard done.wait(timeout: .now() + .seconds(seconds)) == .success else {
            throw DeadlineMissed("a pipe stayed open \(seconds) s after its program ended")
        }
        return data
    }
}

/// Writes a program's input on a thread of its own and closes it, with SIGPIPE blocked on that thread: a program that
/// reads none of it, or ends first, neither blocks the test on a full pipe nor ends the test process (the signal the
/// write raises stays pending on that thread and goes with it; the write fails with EPIPE and the rest is dropped).
final class PipeWriter: @unchecked Sendable {
    private var failure: (any Error)?
    private let done = DispatchSemaphore(value: 0)

    init(_ text: String, into pipe: Pipe) {
        Thread.detachNewThread { [self] in
            var pipeSignal = sigset_t()
            sigemptyset(&pipeSignal)
            sigaddset(&pipeSignal, SIGPIPE)
            pthread_sigmask(SIG_BLOCK, &pipeSignal, nil)
            let bytes = Array(text.utf8)
            var written = 0
            while written < bytes.count {
                let result = bytes[written...].withUnsafeBytes { write(pipe.fileHandleForWriting.fileDescriptor, $0.baseAddress, $0.count) }
                if result > 0 {
                    written += result
                } else if !(result < 0 && errno == EINTR) {
                    break
                }
            }
            do {
                try pipe.fileHandleForWriting.close()
            } catch {
                failure = error
            }
            done.signal()
        }
    }

    /// Returns once the input is written (or refused) and closed; throws when it could not be closed.
    func wait(within seconds: Int = TestDeadline.seconds) throws {
        guard done.wait(timeout: .now() + .seconds(seconds)) == .success else {
            throw DeadlineMissed("a program's input was still being written \(seconds) s after it ended")
        }
        if let failure { throw failure }
    }
}

extension Pipe {
    /// Reads what a running program writes until it contains `marker`; throws when the marker has not come within
    /// `seconds`, or the program closed its end first.
    public func read(until marker: String, within seconds: Int = TestDeadline.seconds) throws -> String {
        let descriptor = fileHandleForReading.fileDescriptor
        let deadline = DispatchTime.now() + .seconds(seconds)
        var seen = Data()
        while !String(decoding: seen, as: UTF8.self).contains(marker) {
            let left = Int64(deadline.uptimeNanoseconds) - Int64(DispatchTime.now().uptimeNanoseconds)
            var ready = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
            guard left > 0, poll(&ready, 1, Int32(left / 1_000_000)) > 0 else {
                throw DeadlineMissed("\(marker) did not come within \(seconds) s; seen: \(String(decoding: seen, as: UTF8.self))")
            }
            var chunk = [UInt8](repeating: 0, count: 4096)
            let count = Glibc.read(descriptor, &chunk, chunk.count)
            guard count > 0 else { throw DeadlineMissed("the program closed its output before \(marker); seen: \(String(decoding: seen, as: UTF8.self))") }
            seen.append(contentsOf: chunk[0..<count])
        }
        return String(decoding: seen, as: UTF8.self)
    }
}

/// Everything written to `descriptor` until its writers close it; nil when they keep it open past `seconds`.
public func readToEnd(_ descriptor: Int32, within seconds: Int) -> Data? {
    let deadline = DispatchTime.now() + .seconds(seconds)
    var data = Data()
    var chunk = [UInt8](repeating: 0, count: 65_536)
    while true {
        let left = Int64(deadline.uptimeNanoseconds) - Int64(DispatchTime.now().uptimeNanoseconds)
        var ready = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
        guard left > 0 else { return nil }
        let polled = poll(&ready, 1, Int32(min(left / 1_000_000, Int64(Int32.max))))
        if polled < 0 && errno == EINTR { continue }
        guard polled > 0 else { return nil }
        let count = read(descriptor, &chunk, chunk.count)
        if count < 0 && errno == EINTR { continue }
        guard count > 0 else { return data }
        data.append(contentsOf: chunk[0..<count])
    }
}

/// The first line a running program writes to `descriptor`, without its newline (what it wrote before ending, if it ended
/// first); throws when no line came within `seconds`, so a tool that never gets ready fails its test, not the run.
public func readFirstLine(_ descriptor: Int32, within seconds: Int = TestDeadline.seconds) throws -> String {
    let deadline = DispatchTime.now() + .seconds(seconds)
    var line: [UInt8] = []
    while true {
        let left = Int64(deadline.uptimeNanoseconds) - Int64(DispatchTime.now().uptimeNanoseconds)
        guard left > 0 else { throw DeadlineMissed("no line within \(seconds) s; read so far: \(String(decoding: line, as: UTF8.self))") }
        var ready = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
        let polled = poll(&ready, 1, Int32(min(left / 1_000_000, Int64(Int32.max))))
        if polled < 0 && errno == EINTR { continue }
        guard polled > 0 else { continue }
        var byte: UInt8 = 0
        let count = read(descriptor, &byte, 1)
        if count < 0 && errno == EINTR { continue }
        if count <= 0 || byte == 0x0A { return String(decoding: line, as: UTF8.self) }
        line.append(byte)
    }
}

/// What a finished program printed, and its exit status.
public struct ProgramOutput: Sendable {
    public var status: Int32
    public var stdout: String
    public var stderr: String
}

/// Runs a program to completion: both pipes read at once, and one that runs past `timeout` seconds is killed and
/// throws, so a hung program fails its test instead of the run. `input` goes to its stdin (answers to prompts).
public func runProgram(
    _ path: String, _ arguments: [String], environment: [String: String]? = nil, input: String? = nil,
    timeout: Int = TestDeadline.seconds
) throws -> ProgramOutput {
    let stdout = Pipe(), stderr = Pipe()
    let stdin = input.map { _ in Pipe() }
    let process = try ChildProcess(
        executable: path, arguments: arguments, environment: environment,
        standardInput: stdin.map { .descriptor($0.fileHandleForReading.fileDescriptor) } ?? .null,
        standardOutput: .descriptor(stdout.fileHandleForWriting.fileDescriptor),
        standardError: .descriptor(stderr.fileHandleForWriting.fileDescriptor), newProcessGroup: true)
    try stdout.fileHandleForWriting.close()
    try stderr.fileHandleForWriting.close()
    let output = PipeReader(stdout), errors = PipeReader(stderr)
    let feed = try stdin.map { stdin in
        try stdin.fileHandleForReading.close()
        return PipeWriter(input ?? "", into: stdin)
    }
    let end = try process.waitUntilExit(within: timeout)
    try feed?.wait()
    return ProgramOutput(
        status: end.status, stdout: String(decoding: try output.wait(), as: UTF8.self),
        stderr: String(decoding: try errors.wait(), as: UTF8.self))
}
