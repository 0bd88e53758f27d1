import Foundation

/// The real programs a test runs beside vigord, and whether a missing one fails the test. `Scripts/test` installs them
/// (`Scripts/bootstrap`) and sets `VIGOR_REQUIRE_TEST_TOOLS=1`: there a missing tool is a failure, never a skip. A bare
/// `swift test` on a machine without them skips with the reason.
enum TestTools {
    static let required = ProcessInfo.processInfo.environment["VIGOR_REQUIRE_TEST_TOOLS"] == "1"

    /// True when every tool is installed, or when they must be (the test then fails on the missing one).
    static func runnable(_ names: [String]) -> Bool {
        required || names.allSatisfy { Binaries.tool($0) != nil }
    }

    /// The missing tools, for the skip message.
    static func missing(_ names: [String]) -> String {
        names.filter { Binaries.tool($0) == nil }.joined(separator: ", ")
    }
}

/// A finished run of a program: exit status and what it printed.
struct ToolOutput {
    var status: Int32
    var stdout: String
    var stderr: String
}

/// Runs `executable` to completion with `input` on stdin (answers to its prompts).
func runTool(_ executable: String, _ arguments: [String], environment: [String: String], input: String = "") throws -> ToolOutput {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: executable)
    process.arguments = arguments
    process.environment = environment
    let stdin = Pipe(), stdout = Pipe(), stderr = Pipe()
    process.standardInput = stdin
    process.standardOutput = stdout
    process.standardError = stderr
    try process.run()
    stdin.fileHandleForWriting.write(Data(input.utf8))
    try stdin.fileHandleForWriting.close()
    // stderr is read on a thread of its own, so neither pipe fills while the other is read.
    let errors = PipeReader(stderr)
    let outputData = stdout.fileHandleForReading.readDataToEndOfFile()
    let errorData = errors.wait()
    process.waitUntilExit()
    return ToolOutput(status: process.terminationStatus, stdout: String(decoding: outputData, as: UTF8.self),
                      stderr: String(decoding: errorData, as: UTF8.self))
}

/// Reads a pipe to its end on a thread of its own.
private final class PipeReader: @unchecked Sendable {
    private var data = Data()
    private let done = DispatchSemaphore(value: 0)

    init(_ pipe: Pipe) {
        Thread.detachNewThread { [self] in
            data = pipe.fileHandleForReading.readDataToEndOfFile()
            done.signal()
        }
    }

    func wait() -> Data {
        done.wait()
        return data
    }
}
