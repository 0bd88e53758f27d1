import Foundation
import TestPrograms
import Testing
@testable import ICalendarKit

/// A temporary shadow collection, removed at the end of each test.
private struct ShadowSandbox {
    let root: URL
    let writer: ShadowWriter

    init() throws {
        root = try temporaryDirectory()
        writer = ShadowWriter(collectionPath: root.appendingPathComponent("busy").path)
    }

    func path(of event: ShadowEvent) -> String {
        writer.collectionPath + "/" + VdirWriter.fileName(forUID: event.identity.uid)
    }

    func files() throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: writer.collectionPath).sorted()
    }
}

private let busyUID = "7a6b5c4d-3e2f-4a1b-9c8d-7e6f5a4b3c2d"
private let busy = ShadowEvent(
    identity: CalendarIdentity(uid: busyUID, sequence: 3, created: utc("2026-11-20T20:00Z"), lastModified: utc("2026-11-22T20:00Z")),
    start: utc("2026-11-23T06:30Z"), end: utc("2026-11-23T07:15Z"), summary: "Busy")

@Suite(.removesScratchFolders) struct ShadowWriterTests {
    @Test func eachEventSaysBusyAndNothingMore() throws {
        let sandbox = try ShadowSandbox()
        defer { removeDirectory(sandbox.root) }
        #expect(try sandbox.writer.reconcile([busy]).written == [busyUID])
        #expect(try sandbox.files() == ["vigor-\(busyUID).ics"])
        let text = try String(contentsOfFile: sandbox.path(of: busy), encoding: .utf8)
        #expect(text == [
            "BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//vigord//Busy time 1.0//EN", "CALSCALE:GREGORIAN", "BEGIN:VEVENT",
            "UID:\(busyUID)", "DTSTAMP:20261122T200000Z", "CREATED:20261120T200000Z", "LAST-MODIFIED:20261122T200000Z", "SEQUENCE:3",
            "DTSTART:20261123T063000Z", "DTEND:20261123T071500Z", "SUMMARY:Busy", "CLASS:PRIVATE", "TRANSP:OPAQUE",
            "STATUS:CONFIRMED", "END:VEVENT", "END:VCALENDAR", "",
        ].joined(separator: "\r\n"))
    }

    @Test func theShadowCollectionReadsAsBusyTimeThroughLibical() throws {
        let sandbox = try ShadowSandbox()
        defer { removeDirectory(sandbox.root) }
        _ = try sandbox.writer.reconcile([busy])
        let reader = try service(.vdir(sandbox.writer.collectionPath), zone: "Europe/Berlin", name: "work")
        expectIntervals(try reader.busy(from: utc("2026-11-23T00:00Z"), to: utc("2026-11-24T00:00Z")), [
            Expected("2026-11-23T06:30Z", "2026-11-23T07:15Z", "Busy"),
        ])
    }

    @Test func editsAndDeletionsThereAreOverwrittenOneWay() throws {
        let sandbox = try ShadowSandbox()
        defer { removeDirectory(sandbox.root) }
        _ = try sandbox.writer.reconcile([busy])
        let path = sandbox.path(of: busy)
        let written = try String(contentsOfFile: path, encoding: .utf8)
        try written.replacingOccurrences(of: "SUMMARY:Busy", with: "SUMMARY:Gym with Jörg").write(toFile: path, atomically: true, encoding: .utf8)
        #expect(try sandbox.writer.reconcile([busy]).written == [busyUID])
        #expect(try String(contentsOfFile: path, encoding: .utf8) == written)
        try FileManager.default.removeItem(atPath: path)
        #expect(try sandbox.writer.reconcile([busy]).written == [busyUID])
        #expect(try sandbox.writer.reconcile([busy]).unchanged == [busyUID])
    }

    @Test func eventsNoLongerWantedGoAndOtherFilesStay() throws {
        let sandbox = try ShadowSandbox()
        defer { removeDirectory(sandbox.root) }
        _ = try sandbox.writer.reconcile([busy])
        let folder = sandbox.writer.collectionPath
        let meeting = try String(contentsOfFile: Fixture.path("khal-vdir/personal/5KQ3W8ZP2N7RDM1VYH4T6CJX.ics"), encoding: .utf8)
        try meeting.write(toFile: folder + "/budget-review.ics", atomically: true, encoding: .utf8)
        try meeting.write(toFile: folder + "/vigor-lookalike.ics", atomically: true, encoding: .utf8)
        #expect(try sandbox.writer.reconcile([]).deleted == ["vigor-\(busyUID).ics"])
        #expect(try sandbox.files() == ["budget-review.ics", "vigor-lookalike.ics"])
    }

    @Test func aLinkPlantedUnderAnEventsNameIsReplacedNeverFollowed() throws {
        let sandbox = try ShadowSandbox()
        defer { removeDirectory(sandbox.root) }
        let target = sandbox.root.appendingPathComponent("precious.txt").path
        try "do not touch".write(toFile: target, atomically: true, encoding: .utf8)
        try FileManager.default.createDirectory(atPath: sandbox.writer.collectionPath, withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: sandbox.path(of: busy), withDestinationPath: target)
        let planted = sandbox.writer.collectionPath + "/vigor-planted.ics"
        try FileManager.default.createSymbolicLink(atPath: planted, withDestinationPath: target)
        #expect(try sandbox.writer.reconcile([busy]).written == [busyUID])
        #expect(try String(contentsOfFile: target, encoding: .utf8) == "do not touch")
        let kind = try FileManager.default.attributesOfItem(atPath: sandbox.path(of: busy))[.type] as? FileAttributeType
        #expect(kind == .typeRegular)
        // A link that is not vigord's file is left alone, and so is what it points to.
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: planted) == target)
    }
}
