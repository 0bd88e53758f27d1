import Foundation
#if canImport(Glibc)
import Glibc
#endif
import TestPrograms

/// The real programs a test runs beside vigord, and whether a missing one fails the test. `Scripts/test` installs them
/// (`Scripts/bootstrap`) and sets `VIGOR_REQUIRE_TEST_TOOLS=1`: there a missing tool is a failure, never a skip. A bare
/// `swift test` on a machine without them skips with the reason.
enum TestTools {
    static let required = ProcessInfo.processInfo.environment["VIGOR_REQUIRE_TEST_TOOLS"] == "1"

    /// True when every tool is installed, or when they must be (the test then fails on the missing one).
    static func runnable(_ names: [String]) -> Bool {
        required || names.allSatisfy { Binaries.tool($0) != nil }
    }

    /// For a root-only test: true when the tests run as root and the tools are there (or must be). Not root, the test
    /// is skipped, and swift test prints one line naming it with its reason ("root-only: …"); Scripts/test counts those.
    static func asRoot(_ names: [String]) -> Bool {
        getuid() == 0 && runnable(names)
    }

    /// The missing tools, for the skip message.
    static func missing(_ names: [String]) -> String {
        names.filter { Binaries.tool($0) == nil }.joined(separator: ", ")
    }
}

/// A finished run of a program: exit status and what it printed.
typealias ToolOutput = ProgramOutput

/// Runs `executable` to completion (at most `TestDeadline.seconds`) with `input` on stdin (answers to its prompts).
func runTool(_ executable: String, _ arguments: [String], environment: [String: String], input: String = "") throws -> ToolOutput {
    try runProgram(executable, arguments, environment: environment, input: input)
}
