import Foundation
import TestPrograms
import Testing

@testable import ICalendarKit

#if canImport(Glibc)
import Glibc
#endif

/// vigord's calendar and its shadow on a disk that is really full (a small tmpfs): the write fails with the reason,
/// every file already there stays whole, no temporary file is left, and once there is room the same write succeeds.
@Suite(.removesScratchFolders, .serialized, .enabled(if: getuid() == 0, "root-only: mounting a small tmpfs needs root"))
struct FullDiskWriterTests {
    @Test func aFullDiskFailsTheCalendarWriteAndLosesNothing() throws {
        let disk = try SmallTmpfs(kilobytes: 256)
        let writer = try VdirWriter(outputDirectory: disk.path + "/calendars", ledgerPath: disk.path + "/state/ledger.json",
                                    timeZone: "Europe/Berlin")
        _ = try writer.reconcile(.loaded([workout]))
        let written = writer.collectionPath + "/" + VdirWriter.fileName(forUID: workout.uid)
        let before = try String(contentsOfFile: written, encoding: .utf8)
        try disk.fill()
        var moved = workout
        moved.start = moved.start.addingTimeInterval(3600)
        moved.end = moved.end.addingTimeInterval(3600)
        do {
            _ = try writer.reconcile(.loaded([moved, focus]))
            Issue.record("a write to a full disk succeeded")
        } catch {
            #expect("\(error)".contains("No space left on device"), "\(error)")
        }
        #expect(try String(contentsOfFile: written, encoding: .utf8) == before)
        #expect(try FileManager.default.contentsOfDirectory(atPath: writer.collectionPath).filter { $0.hasSuffix(".tmp") } == [])
        try disk.release()
        _ = try writer.reconcile(.loaded([moved, focus]))
        #expect(try String(contentsOfFile: written, encoding: .utf8) != before)
        #expect(try FileManager.default.contentsOfDirectory(atPath: writer.collectionPath).filter { $0.hasSuffix(".ics") }.count == 2)
    }
}
