import Foundation
import Testing
import TestPrograms

/// Locates and runs the external programs used to cross-check written files.
enum ExternalTool {
    /// Scripts/test installs the tools and sets VIGOR_REQUIRE_TEST_TOOLS=1: there a missing one fails the test, never skips it.
    static let required = ProcessInfo.processInfo.environment["VIGOR_REQUIRE_TEST_TOOLS"] == "1"

    /// `khal` on PATH, if installed (Scripts/install-test-tools installs it).
    static let khal: String? = onPath("khal")

    /// A python with `icalendar` importable: $VIGOR_TEST_PYTHON, else the script's venv.
    static let pythonWithICalendar: String? = {
        let candidates = [ProcessInfo.processInfo.environment["VIGOR_TEST_PYTHON"],
                          (ProcessInfo.processInfo.environment["VIGOR_TEST_VENV"] ?? "/tmp/vigor-test-venv") + "/bin/python3"]
        for case let candidate? in candidates where FileManager.default.isExecutableFile(atPath: candidate) {
            do {
                if try run(candidate, ["-c", "import icalendar"]).status == 0 { return candidate }
            } catch {
                print("cannot run \(candidate): \(error)")
            }
        }
        return nil
    }()

    struct Output {
        var status: Int32
        var stdout: String
        var stderr: String
    }

    static func onPath(_ name: String) -> String? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        return path.split(separator: ":").map { "\($0)/\(name)" }.first { FileManager.default.isExecutableFile(atPath: $0) }
    }

    /// Runs a program to completion (killed, and failing the test, past `TestDeadline.seconds`), capturing output.
    static func run(_ executable: String, _ arguments: [String], environment: [String: String]? = nil) throws -> Output {
        let result = try runProgram(executable, arguments, environment: environment)
        return Output(status: result.status, stdout: result.stdout, stderr: result.stderr)
    }
}
