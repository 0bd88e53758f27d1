import Foundation
import ICalendarKit
import TestPrograms
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// What wakes a watch: a file a sync tool renamed into place is whole at once; a file written in place may still be
/// written again, so its reader waits for quiet.
@Suite(.removesScratchFolders) struct WatcherWakeTests {
    private func watcher(_ folder: String) throws -> VdirWatcher {
        try VdirWatcher(directories: [folder], events: .edits) { _, name in !name.hasPrefix(".") }
    }

    @Test func aFileRenamedIntoPlaceWakesAsMovedInWhole() throws {
        let folder = try ScratchFolder.make("watch-rename")
        let watch = try watcher(folder)
        let partial = folder + "/.readings.jsonl.tmp"
        #expect(FileManager.default.createFile(atPath: partial, contents: Data("{}\n".utf8)))
        #expect(rename(partial, folder + "/readings.jsonl") == 0)
        #expect(watch.waitForWake(timeoutMilliseconds: 10_000) == .changed(onlyMovedIn: true))
    }

    @Test func aFileWrittenInPlaceWakesAsChangedNotMovedIn() throws {
        let folder = try ScratchFolder.make("watch-write")
        let watch = try watcher(folder)
        #expect(FileManager.default.createFile(atPath: folder + "/readings.jsonl", contents: Data("{}\n".utf8)))
        #expect(watch.waitForWake(timeoutMilliseconds: 10_000) == .changed(onlyMovedIn: false))
    }

    @Test func aRenameBesideAWriteInTheSameWakeIsNotOnlyMovedIn() throws {
        let folder = try ScratchFolder.make("watch-both")
        let watch = try watcher(folder)
        let partial = folder + "/.a.jsonl.tmp"
        #expect(FileManager.default.createFile(atPath: partial, contents: Data("{}\n".utf8)))
        #expect(rename(partial, folder + "/a.jsonl") == 0)
        #expect(FileManager.default.createFile(atPath: folder + "/b.jsonl", contents: Data("{}\n".utf8)))
        #expect(watch.waitForWake(timeoutMilliseconds: 10_000) == .changed(onlyMovedIn: false))
    }
}
