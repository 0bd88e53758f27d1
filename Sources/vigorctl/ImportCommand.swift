import ArgumentParser
import Dispatch
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Synchronization
import VigorRPC

#if canImport(Glibc)
import Glibc
#endif

struct ImportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "import",
        abstract: "Import a health file: Apple Health export.zip or export.xml, JSON Lines, CSV, a Gadgetbridge database, a FIT file; or every file in a folder.",
        discussion: """
            vigord reads the file itself, so it must be readable by the daemon's user. Importing the same file \
            twice adds nothing. Formats: Docs/health-data.md. Example: vigorctl import ~/Downloads/export.zip
            """)
    @Argument(help: "The file to import, or a folder whose files to import (a folder of FIT files).") var file: String
    @OptionGroup var connection: ConnectionOptions

    func run() throws {
        let path = URL(fileURLWithPath: file).standardizedFileURL.path
        let result = try Self.importFile(
            path, socket: SocketLocation.resolve(explicit: connection.socket), showProgress: isatty(STDERR_FILENO) == 1 && !connection.json)
        if connection.json { return try JSONOutput.print(result) }
        print(Self.summary(result))
        if !result.complete { throw ExitCode(1) }
    }

    /// Has vigord import the file at `path` (absolute), drawing the progress line on stderr while it runs when
    /// `showProgress`; also what `vigorctl setup --health` calls.
    static func importFile(_ path: String, socket: String, showProgress: Bool) throws(CommandFailure) -> HealthImportResult {
        let client = RPCClient(socketPath: socket, timeoutSeconds: 3_600)
        let done = DispatchSemaphore(value: 0)
        let outcome = Outcome()
        DispatchQueue.global().async {
            outcome.set(Result { () throws(RPCClientError) in try client.call(HealthImportMethod.self, .init(path: path)) })
            done.signal()
        }
        let progress = ProgressLine(enabled: showProgress)
        while done.wait(timeout: .now() + .milliseconds(250)) == .timedOut {
            guard progress.enabled else { continue }
            // Progress is a courtesy: a poll that fails only skips one redraw; the import's own answer decides.
            do {
                let running = try RPCClient(socketPath: socket, timeoutSeconds: 2).call(HealthImportsMethod.self, .init())
                if let mine = running.running.first(where: { $0.file == path }) { progress.show(mine) }
            } catch {
                continue
            }
        }
        progress.clear()
        return try CallFailure.perform { () throws(RPCClientError) in try outcome.get() }
    }

    /// The counts in a few lines.
    static func summary(_ result: HealthImportResult) -> String {
        let kinds = ["sleep", "hrv", "restingHeartRate", "steps", "workout"]
            .compactMap { kind in result.records[kind].map { "\($0) \(KebabName.kebab(kind))" } }
        var lines = [
            "Imported \(result.file) (\(HealthFormatName.text(result.format)), \(ByteCount.text(result.bytes))): \(result.added) new, "
                + "\(result.duplicates) already stored, \(result.ignored) of other kinds ignored.",
            "Records: " + (kinds.isEmpty ? "none" : kinds.joined(separator: ", ")) + ".",
        ]
        if result.workoutsCompletingBlocks + result.workoutsUnplanned > 0 {
            lines.append("Workouts: \(result.workoutsCompletingBlocks) completed a block, \(result.workoutsUnplanned) unplanned. "
                + "Tell me if wrong: vigorctl log --undo")
        }
        if result.workoutsAlreadyCounted > 0 {
            lines.append("\(result.workoutsAlreadyCounted) workout(s) you had logged (or another device had recorded) "
                + "were already counted: each still counts once, with the measured record kept.")
        }
        if result.nightsStillRecorded > 0 {
            lines.append(result.nightsStillRecorded == 1
                ? "A night was still being recorded when the file was written: it is read from a later copy that shows its end."
                : "\(result.nightsStillRecorded) nights were still being recorded when the files were written: each is read "
                    + "from a later copy that shows its end.")
        }
        if result.skipped > 0 {
            let reasons = result.skippedByReason.sorted { $0.key < $1.key }.map { "\($0.value) \($0.key)" }
            lines.append("Skipped \(result.skipped) bad record(s): \(reasons.joined(separator: ", ")).")
            lines += result.skippedExamples.prefix(5).map { "  \($0)" }
        }
        if let files = result.files {
            lines.append("Files: \(files.count - (result.failedFiles ?? 0)) of \(files.count) imported completely.")
            lines += files.filter { !$0.complete }.map { "  \($0.file): \($0.error ?? "stopped early")" }
        } else if let error = result.error {
            lines.append("Stopped early: \(error). What came before it is kept.")
        }
        return lines.joined(separator: "\n")
    }
}

/// The import's answer, handed from the calling thread to the main one.
private final class Outcome: Sendable {
    private let value = Mutex<Result<HealthImportResult, RPCClientError>?>(nil)

    func set(_ result: Result<HealthImportResult, RPCClientError>) {
        value.withLock { $0 = result }
    }

    func get() throws(RPCClientError) -> HealthImportResult {
        let result = value.withLock { $0 }
        guard let result else { throw RPCClientError.transport("the import ended without an answer") }
        return try result.get()
    }
}

/// One redrawn line on stderr: `importing export.zip  42 % (420 MB of 1.0 GB)`.
private struct ProgressLine {
    let enabled: Bool

    func show(_ running: HealthImportsRunning.Running) {
        let percent = running.totalBytes > 0 ? Int(Double(running.bytesRead) / Double(running.totalBytes) * 100) : 0
        let name = running.file.split(separator: "/").last.map(String.init) ?? running.file
        write("\r\u{1B}[2Kimporting \(name)  \(percent) % (\(ByteCount.text(running.bytesRead)) of \(ByteCount.text(running.totalBytes)))")
    }

    func clear() {
        if enabled { write("\r\u{1B}[2K") }
    }

    private func write(_ text: String) {
        let bytes = Array(text.utf8)
        bytes.withUnsafeBytes { _ = Glibc.write(STDERR_FILENO, $0.baseAddress, $0.count) }
    }
}

/// Sizes for people: `980 kB`, `1.0 GB`.
enum ByteCount {
    static func text(_ bytes: Int64) -> String {
        let units: [(Double, String)] = [(1e9, "GB"), (1e6, "MB"), (1e3, "kB")]
        for (size, unit) in units where Double(bytes) >= size {
            return "\(TextFormat.fixed(Double(bytes) / size, places: 1)) \(unit)"
        }
        return "\(bytes) B"
    }
}
