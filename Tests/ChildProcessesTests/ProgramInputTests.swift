import Foundation
import TestPrograms
import Testing

/// `runProgram`'s `input`: answers to a program's prompts.
@Suite struct ProgramInputTests {
    /// More input than a pipe holds, to a program that ends without reading any: the test gets its status, and the
    /// write neither blocks nor ends the test process (SIGPIPE).
    @Test func aProgramThatEndsWithoutReadingItsInputStillGivesItsStatus() throws {
        let result = try runProgram("/bin/sh", ["-c", "exit 4"], input: String(repeating: "y\n", count: 1 << 20))
        #expect(result.status == 4)
    }

    @Test func aProgramReadsItsInputToItsEnd() throws {
        let result = try runProgram("/bin/sh", ["-c", "wc -c"], input: String(repeating: "y\n", count: 1 << 20))
        #expect(result.status == 0)
        #expect(result.stdout.trimmingCharacters(in: .whitespacesAndNewlines) == "\(2 << 20)")
    }
}
