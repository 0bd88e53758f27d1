import Foundation

/// A long-running tool started for a test that prints one line when it is ready (an address, a display number).
public enum ReadyLine {
    public struct Failure: Error, CustomStringConvertible {
        public let description: String
    }

    /// Starts `tool` (found on `$PATH`) and returns it with the first line it prints, read with the tests' deadline:
    /// a tool that never gets ready fails the test that needed it, and is stopped.
    public static func start(_ tool: String, _ arguments: [String]) throws -> ReadyTool {
        let out = Pipe()
        let process = try ChildProcess(
            executable: onPath(tool) ?? tool, arguments: arguments,
            standardOutput: .descriptor(out.fileHandleForWriting.fileDescriptor), newProcessGroup: true)
        try out.fileHandleForWriting.close()
        let line: String
        do {
            line = try readFirstLine(out.fileHandleForReading.fileDescriptor)
        } catch {
            process.stop()
            throw Failure(description: "\(tool) did not get ready: \(error)")
        }
        guard !line.isEmpty else {
            process.stop()
            throw Failure(description: "\(tool) printed nothing before it ended")
        }
        return ReadyTool(process: process, line: line, output: out.fileHandleForReading)
    }

    /// The first executable `name` on `$PATH`.
    public static func onPath(_ name: String) -> String? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        return path.split(separator: ":").map { "\($0)/\(name)" }.first { FileManager.default.isExecutableFile(atPath: $0) }
    }
}

/// A tool `ReadyLine` started: the program, the line it printed, and its output's reading end, kept open while the tool
/// runs so that anything more it prints never ends it with SIGPIPE.
public struct ReadyTool: Sendable {
    public let process: ChildProcess
    public let line: String
    let output: FileHandle
}
