import Foundation
import TestPrograms
import Testing
@testable import ICalendarKit

/// Rewrites a block file the way khal does after a move: zoned DTSTART/DTEND, other lines kept.
func simulateKhalMove(_ path: String, start: String, end: String) throws {
    let text = try String(contentsOfFile: path, encoding: .utf8)
    let lines = text.components(separatedBy: "\r\n").map { line -> String in
        if line.hasPrefix("DTSTART:") { return "DTSTART;TZID=Europe/Berlin:" + start }
        if line.hasPrefix("DTEND:") { return "DTEND;TZID=Europe/Berlin:" + end }
        return line
    }
    try lines.joined(separator: "\r\n").write(toFile: path, atomically: false, encoding: .utf8)
}

@Suite(.removesScratchFolders) struct EditDetectionTests {
    @Test func userMoveIsReportedWithOldAndNewTimes() throws {
        let sandbox = try WriterSandbox()
        defer { removeDirectory(sandbox.root) }
        _ = try sandbox.writer.reconcile(.loaded([workout, focus]))
        #expect(try sandbox.writer.detectEdits() == [])
        try simulateKhalMove(sandbox.path(of: workout), start: "20261123T093000", end: "20261123T101500")
        // 09:30–10:15 CET is 08:30–09:15Z.
        #expect(try sandbox.writer.detectEdits() == [
            BlockChange(blockID: workout.id, uid: workout.uid, kind: .moved, oldStart: workout.start, oldEnd: workout.end,
                        newStart: utc("2026-11-23T08:30Z"), newEnd: utc("2026-11-23T09:15Z"), newTitle: workout.title),
        ])
        #expect(try sandbox.writer.detectEdits() == [])
    }

    @Test func userTitleEditIsReportedAsEdited() throws {
        let sandbox = try WriterSandbox()
        defer { removeDirectory(sandbox.root) }
        _ = try sandbox.writer.reconcile(.loaded([workout]))
        let path = sandbox.path(of: workout)
        let text = try String(contentsOfFile: path, encoding: .utf8)
        try text.replacingOccurrences(of: "SUMMARY:Run\\, 45 min", with: "SUMMARY:Long run")
            .write(toFile: path, atomically: true, encoding: .utf8)
        let changes = try sandbox.writer.detectEdits()
        #expect(changes.map(\.kind) == [.edited])
        #expect(changes.first?.newTitle == "Long run")
        #expect(changes.first?.newStart == workout.start)
    }

    @Test func userDeletionIsReportedAndNotUndone() throws {
        let sandbox = try WriterSandbox()
        defer { removeDirectory(sandbox.root) }
        _ = try sandbox.writer.reconcile(.loaded([workout, focus]))
        try FileManager.default.removeItem(atPath: sandbox.path(of: focus))
        let report = try sandbox.writer.reconcile(.loaded([workout, focus]))
        #expect(report.userChanges == [BlockChange(blockID: focus.id, uid: focus.uid, kind: .deleted, oldStart: focus.start, oldEnd: focus.end)])
        #expect(!FileManager.default.fileExists(atPath: sandbox.path(of: focus)))
        let again = try sandbox.writer.reconcile(.loaded([workout, focus]))
        #expect(again.keptDeleted == [focus.id])
        #expect(!FileManager.default.fileExists(atPath: sandbox.path(of: focus)))
        var rescheduled = focus
        rescheduled.start = utc("2026-11-25T08:00Z")
        rescheduled.end = utc("2026-11-25T10:00Z")
        #expect(try sandbox.writer.reconcile(.loaded([workout, rescheduled])).written == [focus.id])
    }

    @Test func aDeletedBlockStaysDeletedWhenOnlyItsWordsChange() throws {
        let sandbox = try WriterSandbox()
        defer { removeDirectory(sandbox.root) }
        _ = try sandbox.writer.reconcile(.loaded([workout]))
        try FileManager.default.removeItem(atPath: sandbox.path(of: workout))
        #expect(try sandbox.writer.detectEdits().map(\.kind) == [.deleted])
        var explainedAgain = workout
        explainedAgain.reason = "A new receipt says more about it."
        explainedAgain.identity.sequence = 1
        #expect(try sandbox.writer.reconcile(.loaded([explainedAgain])).keptDeleted == [workout.id])
        #expect(!FileManager.default.fileExists(atPath: sandbox.path(of: workout)))
        #expect(try sandbox.writer.blocksDeletedByUser() == [workout.id])
    }

    @Test func deletionsAnOlderVigordRecordedAreHonouredForTheOldUID() throws {
        let sandbox = try WriterSandbox()
        defer { removeDirectory(sandbox.root) }
        let ledger = sandbox.root.appendingPathComponent("state/ledger.json")
        try FileManager.default.createDirectory(at: ledger.deletingLastPathComponent(), withIntermediateDirectories: true)
        // A ledger as vigord wrote it before UIDs were random: block id → the fingerprint the deleted block had.
        try #"{"entries": {}, "userDeleted": {"b3": "0123456789abcdef"}}"#.write(to: ledger, atomically: true, encoding: .utf8)
        var old = workout
        old.id = "b3"
        old.identity = CalendarIdentity(uid: "vigor-b3@vigord", created: utc("2026-11-20T20:00Z"))
        #expect(try sandbox.writer.reconcile(.loaded([old])).keptDeleted == ["b3"])
        var renamed = old
        renamed.identity = CalendarIdentity(uid: workoutUID, created: utc("2026-11-22T20:00Z"))
        #expect(try sandbox.writer.reconcile(.loaded([renamed])).written == ["b3"])
    }

    @Test func cancellingInAnotherAppCountsAsDeletion() throws {
        let sandbox = try WriterSandbox()
        defer { removeDirectory(sandbox.root) }
        _ = try sandbox.writer.reconcile(.loaded([workout]))
        let path = sandbox.path(of: workout)
        try String(contentsOfFile: path, encoding: .utf8).replacingOccurrences(of: "STATUS:CONFIRMED", with: "STATUS:CANCELLED")
            .write(toFile: path, atomically: true, encoding: .utf8)
        #expect(try sandbox.writer.detectEdits().map(\.kind) == [.deleted])
    }

    @Test func reconcileKeepsTheUsersMove() throws {
        let sandbox = try WriterSandbox()
        defer { removeDirectory(sandbox.root) }
        _ = try sandbox.writer.reconcile(.loaded([workout]))
        try simulateKhalMove(sandbox.path(of: workout), start: "20261123T180000", end: "20261123T184500")
        let report = try sandbox.writer.reconcile(.loaded([workout]))
        #expect(report.userChanges.map(\.kind) == [.moved])
        #expect(report.written.isEmpty)
        #expect(try sandbox.text(of: workout).contains("DTSTART;TZID=Europe/Berlin:20261123T180000"))
        let next = try sandbox.writer.reconcile(.loaded([workout]))
        #expect(next.userChanges.isEmpty && next.written.isEmpty && next.unchanged == [workout.id])
    }

    @Test func editsMadeWhileDaemonWasDownAreFoundAtStart() throws {
        let sandbox = try WriterSandbox()
        defer { removeDirectory(sandbox.root) }
        _ = try sandbox.writer.reconcile(.loaded([workout]))
        try simulateKhalMove(sandbox.path(of: workout), start: "20261124T073000", end: "20261124T081500")
        let restarted = try VdirWriter(outputDirectory: sandbox.root.appendingPathComponent("calendars").path,
                                       ledgerPath: sandbox.root.appendingPathComponent("state/ledger.json").path,
                                       timeZone: "Europe/Berlin")
        let changes = try restarted.detectEdits()
        #expect(changes.map(\.kind) == [.moved])
        #expect(changes.first?.newStart == utc("2026-11-24T06:30Z"))
    }

    @Test func renameBySyncToolIsNotAnEdit() throws {
        let sandbox = try WriterSandbox()
        defer { removeDirectory(sandbox.root) }
        _ = try sandbox.writer.reconcile(.loaded([workout]))
        try FileManager.default.moveItem(atPath: sandbox.path(of: workout),
                                         toPath: sandbox.writer.collectionPath + "/3f9a0c1e.ics")
        #expect(try sandbox.writer.detectEdits() == [])
        var later = workout
        later.start = utc("2026-11-23T16:00Z")
        later.end = utc("2026-11-23T16:45Z")
        #expect(try sandbox.writer.reconcile(.loaded([later])).written == [workout.id])
        #expect(try sandbox.collectionFiles() == ["3f9a0c1e.ics", "color", "displayname"])
    }

    @Test func inotifyWakesOnUserEdit() throws {
        let sandbox = try WriterSandbox()
        defer { removeDirectory(sandbox.root) }
        _ = try sandbox.writer.reconcile(.loaded([workout]))
        let watcher = try sandbox.writer.makeWatcher()
        #expect(!watcher.waitForChange(timeoutMilliseconds: 0))
        try simulateKhalMove(sandbox.path(of: workout), start: "20261123T083000", end: "20261123T091500")
        #expect(watcher.waitForChange(timeoutMilliseconds: 5_000))
        #expect(try sandbox.writer.detectEdits().map(\.kind) == [.moved])
    }

    @Test func anEditorsTemporaryFileWakesNoOneItsRenameOntoTheItemDoes() throws {
        let sandbox = try WriterSandbox()
        defer { removeDirectory(sandbox.root) }
        let watcher = try sandbox.writer.makeWatcher()
        let item = sandbox.writer.collectionPath + "/meeting.ics"
        try "BEGIN:VCALENDAR\r\nEND:VCALENDAR\r\n".write(toFile: item + ".tmp", atomically: false, encoding: .utf8)
        try "x".write(toFile: sandbox.writer.collectionPath + "/.meeting.ics.swp", atomically: false, encoding: .utf8)
        #expect(!watcher.waitForChange(timeoutMilliseconds: 0))
        #expect(rename(item + ".tmp", item) == 0)
        #expect(watcher.waitForChange(timeoutMilliseconds: 5_000))
    }

    @Test func wakeEndsAWaitWithoutAChange() throws {
        let sandbox = try WriterSandbox()
        defer { removeDirectory(sandbox.root) }
        let watcher = try sandbox.writer.makeWatcher()
        watcher.wake()
        #expect(!watcher.waitForChange())
    }
}
