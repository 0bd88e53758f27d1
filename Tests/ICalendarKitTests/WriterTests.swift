import Foundation
import SafeFiles
import TestPrograms
import Testing
@testable import ICalendarKit

/// A temporary output vdir plus ledger, removed at the end of each test.
struct WriterSandbox {
    let root: URL
    let writer: VdirWriter

    init() throws {
        root = try temporaryDirectory()
        writer = try VdirWriter(outputDirectory: root.appendingPathComponent("calendars").path,
                                ledgerPath: root.appendingPathComponent("state/ledger.json").path,
                                timeZone: "Europe/Berlin")
    }

    func path(of block: VigorBlock) -> String {
        (writer.collectionPath as NSString).appendingPathComponent(VdirWriter.fileName(forUID: block.uid))
    }

    func text(of block: VigorBlock) throws -> String {
        try String(contentsOfFile: path(of: block), encoding: .utf8)
    }

    func inode(of block: VigorBlock) -> UInt64 {
        var info = stat()
        guard stat(path(of: block), &info) == 0 else { return 0 }
        return UInt64(info.st_ino)
    }

    func collectionFiles() throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: writer.collectionPath).sorted()
    }
}

let workoutUID = "2f1d7c3e-8b5a-4c61-9e0f-5a7b3c2d1e40"
let focusUID = "9c8b7a65-4d3e-4f21-8a0b-1c2d3e4f5a6b"
let workout = VigorBlock(id: "workout-2026-11-23", kind: "workout", state: "planned", title: "Run, 45 min",
                         start: utc("2026-11-23T06:30Z"), end: utc("2026-11-23T07:15Z"),
                         reason: "Workout block: 3rd run this week; your mornings are free, evening has meetings.",
                         identity: CalendarIdentity(uid: workoutUID, created: utc("2026-11-20T20:00Z")),
                         alarmMinutesBefore: 10, categories: ["Vigor", "Training"], color: "darkorchid")
let focus = VigorBlock(id: "focus-2026-11-24", kind: "focus", state: "confirmed", title: "Focus: thesis; chapter 2",
                       start: utc("2026-11-24T08:00Z"), end: utc("2026-11-24T10:00Z"),
                       reason: "Focus block, because the deadline is Friday, and Tuesday morning is quiet.",
                       identity: CalendarIdentity(uid: focusUID, sequence: 2, created: utc("2026-11-20T20:00Z"),
                                                  lastModified: utc("2026-11-21T07:15Z")))

@Suite(.removesScratchFolders) struct WriterTests {
    @Test func writesOneOwnedFilePerBlockWithCollectionMetadata() throws {
        let sandbox = try WriterSandbox()
        defer { removeDirectory(sandbox.root) }
        let report = try sandbox.writer.reconcile(.loaded([workout, focus]))
        #expect(report.written == ["focus-2026-11-24", "workout-2026-11-23"])
        #expect(try sandbox.collectionFiles() == ["color", "displayname", "vigor-\(workoutUID).ics", "vigor-\(focusUID).ics"])
        #expect(try String(contentsOfFile: sandbox.writer.collectionPath + "/displayname", encoding: .utf8) == "Vigor")
        let text = try sandbox.text(of: focus)
        for line in ["UID:\(focusUID)", "SEQUENCE:2", "DTSTAMP:20261121T071500Z", "CREATED:20261120T200000Z",
                     "LAST-MODIFIED:20261121T071500Z", "DTSTART:20261124T080000Z", "DTEND:20261124T100000Z",
                     "SUMMARY:Focus: thesis\\; chapter 2", "TRANSP:OPAQUE", "X-VIGOR-OWNER:vigord",
                     "X-VIGOR-BLOCK-ID:focus-2026-11-24", "X-VIGOR-KIND:focus", "X-VIGOR-STATE:confirmed"] {
            #expect(text.contains(line + "\r\n"), "missing \(line)")
        }
        #expect(ICSPropertyScanner.eventProperties(in: text)["DESCRIPTION"] == focus.reason)
        #expect(text.split(separator: "\r\n").allSatisfy { $0.utf8.count <= 75 })
    }

    @Test func writtenFilesReadBackAsBusyTimeThroughLibical() throws {
        let sandbox = try WriterSandbox()
        defer { removeDirectory(sandbox.root) }
        _ = try sandbox.writer.reconcile(.loaded([workout, focus]))
        let calendar = try service(.vdir(sandbox.writer.collectionPath), zone: "Europe/Berlin", name: "vigor")
        let result = try calendar.busy(from: utc("2026-11-23T00:00Z"), to: utc("2026-11-25T00:00Z"))
        expectIntervals(result, [
            Expected("2026-11-23T06:30Z", "2026-11-23T07:15Z", "Run, 45 min"),
            Expected("2026-11-24T08:00Z", "2026-11-24T10:00Z", "Focus: thesis; chapter 2"),
        ])
        #expect(result.sources.first?.skipped == [])
    }

    @Test func unchangedBlocksAreNotRewritten() throws {
        let sandbox = try WriterSandbox()
        defer { removeDirectory(sandbox.root) }
        _ = try sandbox.writer.reconcile(.loaded([workout, focus]))
        let inode = sandbox.inode(of: workout)
        var moved = focus
        moved.start = utc("2026-11-24T09:00Z")
        let report = try sandbox.writer.reconcile(.loaded([workout, moved]))
        #expect(report.unchanged == ["workout-2026-11-23"])
        #expect(report.written == ["focus-2026-11-24"])
        #expect(sandbox.inode(of: workout) == inode)
        #expect(try sandbox.text(of: focus).contains("DTSTART:20261124T090000Z\r\n"))
    }

    @Test func blocksNoLongerWantedAreDeleted() throws {
        let sandbox = try WriterSandbox()
        defer { removeDirectory(sandbox.root) }
        _ = try sandbox.writer.reconcile(.loaded([workout, focus]))
        let report = try sandbox.writer.reconcile(.loaded([workout]))
        #expect(report.deleted == ["focus-2026-11-24"])
        #expect(!FileManager.default.fileExists(atPath: sandbox.path(of: focus)))
        #expect(FileManager.default.fileExists(atPath: sandbox.path(of: workout)))
    }

    @Test func filesVigorDoesNotOwnAreNeverTouched() throws {
        let sandbox = try WriterSandbox()
        defer { removeDirectory(sandbox.root) }
        _ = try sandbox.writer.reconcile(.loaded([workout]))
        let userFile = sandbox.writer.collectionPath + "/my-own-event.ics"
        let lookalike = sandbox.writer.collectionPath + "/vigor-lookalike@vigord.ics"
        let userText = try String(contentsOfFile: Fixture.path("khal-vdir/personal/5KQ3W8ZP2N7RDM1VYH4T6CJX.ics"), encoding: .utf8)
        try userText.write(toFile: userFile, atomically: true, encoding: .utf8)
        try userText.write(toFile: lookalike, atomically: true, encoding: .utf8)
        let report = try sandbox.writer.reconcile(.loaded([]))
        #expect(report.deleted == ["workout-2026-11-23"])
        #expect(try String(contentsOfFile: userFile, encoding: .utf8) == userText)
        #expect(try String(contentsOfFile: lookalike, encoding: .utf8) == userText)
    }

    @Test func ownedFileMissingFromLedgerIsStillRecognised() throws {
        let sandbox = try WriterSandbox()
        defer { removeDirectory(sandbox.root) }
        _ = try sandbox.writer.reconcile(.loaded([workout, focus]))
        try FileManager.default.removeItem(atPath: sandbox.root.appendingPathComponent("state/ledger.json").path)
        let report = try sandbox.writer.reconcile(.loaded([workout]))
        #expect(report.deleted == ["focus-2026-11-24"])
        #expect(try sandbox.collectionFiles() == ["color", "displayname", "vigor-\(workoutUID).ics"])
    }

    @Test func refusesMassDeleteWhenDesiredSetFailedToLoad() throws {
        let sandbox = try WriterSandbox()
        defer { removeDirectory(sandbox.root) }
        _ = try sandbox.writer.reconcile(.loaded([workout, focus]))
        #expect(throws: CalendarError.refusingMassDelete(reason: "plan.json: unreadable")) {
            try sandbox.writer.reconcile(.failedToLoad(reason: "plan.json: unreadable"))
        }
        #expect(FileManager.default.fileExists(atPath: sandbox.path(of: workout)))
        #expect(FileManager.default.fileExists(atPath: sandbox.path(of: focus)))
    }

    @Test func atomicWritesLeaveNoTemporaryFiles() throws {
        let sandbox = try WriterSandbox()
        defer { removeDirectory(sandbox.root) }
        for hour in 0..<5 {
            var block = workout
            block.start = workout.start.addingTimeInterval(TimeInterval(hour * 3_600))
            _ = try sandbox.writer.reconcile(.loaded([block]))
        }
        #expect(try sandbox.collectionFiles() == ["color", "displayname", "vigor-\(workoutUID).ics"])
    }

    @Test func aRevisionIsWrittenWithItsSequenceAndModificationTime() throws {
        let sandbox = try WriterSandbox()
        defer { removeDirectory(sandbox.root) }
        _ = try sandbox.writer.reconcile(.loaded([workout]))
        #expect(try sandbox.text(of: workout).contains("SEQUENCE:0\r\nDTSTART"))
        var later = workout
        later.start = workout.start.addingTimeInterval(1800)
        later.end = workout.end.addingTimeInterval(1800)
        later.identity.sequence = 1
        later.identity.lastModified = utc("2026-11-22T18:00Z")
        #expect(try sandbox.writer.reconcile(.loaded([later])).written == [workout.id])
        let text = try sandbox.text(of: later)
        for line in ["UID:\(workoutUID)", "SEQUENCE:1", "DTSTAMP:20261122T180000Z", "LAST-MODIFIED:20261122T180000Z",
                     "CREATED:20261120T200000Z", "DTSTART:20261123T070000Z"] {
            #expect(text.contains(line + "\r\n"), "missing \(line)")
        }
    }

    @Test func aReminderIsADisplayAlarmBeforeTheStartAndCategoriesAndColourStandOut() throws {
        let sandbox = try WriterSandbox()
        defer { removeDirectory(sandbox.root) }
        var atStart = focus
        atStart.alarmMinutesBefore = 0
        _ = try sandbox.writer.reconcile(.loaded([workout, atStart]))
        let text = try sandbox.text(of: workout)
        #expect(text.contains("CATEGORIES:Vigor,Training\r\nCOLOR:darkorchid\r\n"))
        #expect(text.contains("BEGIN:VALARM\r\nACTION:DISPLAY\r\nDESCRIPTION:Run\\, 45 min\r\nTRIGGER:-PT10M\r\nEND:VALARM\r\nEND:VEVENT\r\n"))
        #expect(ICSPropertyScanner.eventProperties(in: text)["DESCRIPTION"] == workout.reason, "the alarm's text is not the event's")
        #expect(try sandbox.text(of: atStart).contains("TRIGGER:PT0M\r\n"))
        _ = try sandbox.writer.reconcile(.loaded([workout, focus]))
        let plain = try sandbox.text(of: focus)
        #expect(!plain.contains("VALARM") && !plain.contains("CATEGORIES") && !plain.contains("COLOR"))
    }

    @Test func aNewUIDForTheSameBlockIsANewEventInANewFile() throws {
        let sandbox = try WriterSandbox()
        defer { removeDirectory(sandbox.root) }
        _ = try sandbox.writer.reconcile(.loaded([workout]))
        // After a purge the new Ghost's first block has the id an old one had, under a UID of its own.
        var successor = workout
        successor.identity = CalendarIdentity(uid: "5d4c3b2a-1f0e-4d9c-8b7a-6f5e4d3c2b1a", created: utc("2026-11-22T20:00Z"))
        #expect(try sandbox.writer.reconcile(.loaded([successor])).written == [workout.id])
        #expect(try sandbox.collectionFiles() == ["color", "displayname", "vigor-5d4c3b2a-1f0e-4d9c-8b7a-6f5e4d3c2b1a.ics"])
        #expect(try sandbox.writer.writtenUIDs() == [workout.id: successor.uid])
    }

    @Test func fileNameEncodesUnsafeUIDCharacters() {
        #expect(VdirWriter.fileName(forUID: "vigor-a/b c@vigord") == "vigor-a%2Fb%20c@vigord.ics")
    }

    @Test func fileNamesAreTheUIDAfterOneVigorPrefix() {
        #expect(VdirWriter.fileName(forUID: workoutUID) == "vigor-\(workoutUID).ics")
        #expect(VdirWriter.fileName(forUID: "vigor-b3@vigord") == "vigor-b3@vigord.ics")
    }
}

struct InterruptedWriteTests {
    @Test func tempFilesOfWritesCutShortByACrashAreRemovedOnTheNextPass() throws {
        let sandbox = try WriterSandbox()
        _ = try sandbox.writer.reconcile(.loaded([workout]))
        let collection = sandbox.writer.collectionPath
        let blockLeftover = "." + VdirWriter.fileName(forUID: workout.uid) + "." + UUID().uuidString + ".tmp"
        let ledgerLeftover = ".ledger.json." + UUID().uuidString + ".tmp"
        let usersFile = ".notes." + UUID().uuidString + ".tmp"
        try "BEGIN:VCALENDAR\r\n".write(toFile: collection + "/" + blockLeftover, atomically: false, encoding: .utf8)
        try "{".write(toFile: sandbox.root.appendingPathComponent("state/" + ledgerLeftover).path, atomically: false, encoding: .utf8)
        try "mine".write(toFile: collection + "/" + usersFile, atomically: false, encoding: .utf8)
        _ = try sandbox.writer.reconcile(.loaded([workout]))
        #expect(try sandbox.collectionFiles().filter { $0.hasSuffix(".tmp") } == [usersFile])
        #expect(!FileManager.default.fileExists(atPath: sandbox.root.appendingPathComponent("state/" + ledgerLeftover).path))
    }

    @Test func onlyNamesShapedLikeAnInterruptedWriteAreRecognised() {
        let uuid = UUID().uuidString
        #expect(AtomicFile.interruptedTarget(of: ".vigor-b1@vigord.ics.\(uuid).tmp") == "vigor-b1@vigord.ics")
        #expect(AtomicFile.interruptedTarget(of: ".vigor-b1@vigord.ics.not-a-uuid-at-all-but-thirty-six-c.tmp") == nil)
        #expect(AtomicFile.interruptedTarget(of: "vigor-b1@vigord.ics.\(uuid).tmp") == nil)
    }
}
