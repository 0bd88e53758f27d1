import Foundation
import TestPrograms
import HealthImport
import Testing

#if canImport(Glibc)
import Glibc
#endif

private func scratchFolder() throws -> String {
    let path = try ScratchFolder.make("filekind")
    return path
}

/// Files that are not regular files are refused by name and kind before anything is read: opening a FIFO with no
/// writer returns at once instead of waiting for one.
@Suite(.removesScratchFolders) struct NonRegularFileTests {
    @Test func aFIFOIsRefusedAtOnceNamingItsPathAndKind() throws {
        let folder = try scratchFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let path = folder + "/export.xml"
        #expect(mkfifo(path, 0o600) == 0)
        let outcome = try withinDeadline(10, "importing a FIFO") { runImport(URL(fileURLWithPath: path)) }
        let error = try #require(outcome.error)
        #expect(error.kind == .unreadable)
        #expect(error.message.contains("\(path) is a FIFO (named pipe), not a regular file"))
        #expect(outcome.records.isEmpty)
    }

    @Test func aCharacterDeviceIsRefusedWithoutReadingIt() throws {
        let outcome = runImport(URL(fileURLWithPath: "/dev/zero"))
        let error = try #require(outcome.error)
        #expect(error.message.contains("/dev/zero is a character device, not a regular file"))
    }

    @Test func anImportAskedToStopEndsAtTheNextChunk() throws {
        let folder = try scratchFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let path = folder + "/steps.jsonl"
        var lines = ""
        for minute in 0..<40_000 {
            let start = String(format: "2026-03-02T%02d:%02d:00Z", minute / 60 % 24, minute % 60)
            lines += #"{"type":"steps","start":"\#(start)","end":"\#(start)","value":10}"# + "\n"
        }
        try lines.write(toFile: path, atomically: true, encoding: .utf8)
        var asked = 0
        let stop = { () -> Bool in
            asked += 1
            return asked > 1
        }
        do {
            _ = try HealthImporter(batchSize: 10).importFile(
                at: URL(fileURLWithPath: path), shouldStop: stop, deliver: { _ in })
            Issue.record("the import ran to the end")
        } catch {
            #expect(error.kind == .stopped)
            #expect(error.summary != nil)
        }
        #expect(asked == 2, "asked after each chunk, and stopped at the second")
    }
}
