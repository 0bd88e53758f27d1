import Foundation
import Testing

private let packageRoot = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

/// No test depends on the machine's clock: every vigord a test starts runs on the test-hook clock from the tests' own
/// instant (`TestNow`), or says in a comment on the line above why not (`// machine clock: …`). The ways a test
/// starts vigord are scanned for here: `runCommand`/`runMerged`/`runProgram`/`ChildProcess` with `Binaries.vigord`,
/// `Binaries.vigord` in another program's arguments (systemd-socket-activate, setpriv, vigor-sim), and a
/// `DaemonHarness` without test hooks.
@Test func everyVigordATestStartsRunsOnTheTestClockOrSaysWhyNot() throws {
    var found: [String] = []
    var starts = 0
    for file in swiftFiles(under: packageRoot.appendingPathComponent("Tests")) where file.lastPathComponent != "TestClockGuardTests.swift" {
        let text = try String(contentsOf: file, encoding: .utf8)
        starts += vigordStarts(in: text).count
        found += unclockedStarts(in: text).map { "\(file.lastPathComponent): \($0)" }
    }
    #expect(starts > 10, "only \(starts) starts of vigord found under Tests/: the scan is reading nothing")
    #expect(found.isEmpty, "vigord started on the machine's clock: \(found)")
}

@Test func aVigordStartIsFoundHoweverItIsSpelledAndTheTestClockOrAReasonClearsIt() {
    let bare = [
        #"let result = try runCommand(Binaries.vigord, ["--config", path])"#,
        "let result = try runCommand(\n    Binaries.vigord, [\"--config\", path],\n    timeout: 30)",
        "let daemon = try ChildProcess(\n    executable: Binaries.vigord, arguments: arguments)",
        "arguments: [\"--listen=x\",\n    Binaries.vigord, \"--config\", \"/dev/null\",\n]",
        "let daemon = try DaemonHarness(label: \"x\", testHooks: false)",
    ]
    let clocked = [
        "let result = try runCommand(\n    Binaries.vigord, [\"--config\", path],\n    environment: try TestNow.vigordEnvironment())",
        "environment[\"VIGORD_CLOCK_START\"] = start\nlet result = try runCommand(Binaries.vigord, [], environment: environment)",
        "// machine clock: only the documented methods, nothing reads the time\nlet daemon = try DaemonHarness(label: \"x\", testHooks: false)",
        #"let checked = try runCommand(Binaries.vigord, ["--check-config", "--config", path])"#,
    ]
    let others = [
        ".replacingOccurrences(of: \"/usr/local/bin/vigord\", with: Binaries.vigord)",
        "let sim = URL(fileURLWithPath: Binaries.vigord).deletingLastPathComponent()",
    ]
    #expect(bare.filter { unclockedStarts(in: $0).count != 1 } == [])
    #expect(clocked.filter { vigordStarts(in: $0).count != 1 || !unclockedStarts(in: $0).isEmpty } == [])
    #expect(others.filter { !vigordStarts(in: $0).isEmpty } == [])
}

/// The lines of `text` that start vigord, by index.
private func vigordStarts(in text: String) -> [Int] {
    let lines = text.components(separatedBy: "\n")
    return lines.indices.filter { index in
        let line = lines[index]
        if line.trimmingCharacters(in: .whitespaces).hasPrefix("//") { return false }
        if line.contains("DaemonHarness(") && line.contains("testHooks: false") { return true }
        return line.contains(/(runCommand|runMerged|runProgram|ChildProcess)\(\s*(executable:\s*)?Binaries\.vigord\b/)
            || line.contains(/^\s*(executable:\s*)?Binaries\.vigord\s*,/)
            || line.contains(/"--vigord",\s*Binaries\.vigord/)
    }
}

/// The starts in `text` with no test clock near them (the environment set within three lines before or four after),
/// no reason on the line above, and that are not a run which starts no daemon (`--check-config`, `--help`, …).
private func unclockedStarts(in text: String) -> [String] {
    let lines = text.components(separatedBy: "\n")
    let clocked = ["vigordEnvironment(", "VIGORD_CLOCK_START", "launchEnvironment()", "// machine clock: ", "// test clock: "]
    let noDaemon = ["\"--check-config\"", "\"--help\"", "\"--version\"", "\"--write-timer-drop-ins\""]
    return vigordStarts(in: text).compactMap { index in
        let window = lines[max(0, index - 3)...min(lines.count - 1, index + 4)].joined(separator: "\n")
        let statement = lines[index...min(lines.count - 1, index + 2)].joined(separator: "\n")
        if clocked.contains(where: window.contains) || noDaemon.contains(where: statement.contains) { return nil }
        return lines[index].trimmingCharacters(in: .whitespaces)
    }
}

private func swiftFiles(under folder: URL) -> [URL] {
    let walker = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil)
    return (walker?.allObjects as? [URL] ?? []).filter { $0.pathExtension == "swift" }
}
