import Foundation
import Store
import TestPrograms
import Testing

@testable import VigorDaemon

#if canImport(Glibc)
import Glibc
#endif

/// Which files of a watched health source are read, and from when.
struct HealthSourceReadPlanTests {
    let read = Date(timeIntervalSince1970: 1_790_000_000)
    let newest = Date(timeIntervalSince1970: 1_789_990_000)

    private func file(_ path: String, size: Int64 = 100, modified: Double = 10, inode: Int64 = 7) -> HealthSourceFileState {
        HealthSourceFileState(path: path, size: size, modifiedAt: Date(timeIntervalSince1970: modified), inode: inode)
    }

    private func remembered(_ state: HealthSourceFileState, newest: Date?) -> HealthSourceFile {
        HealthSourceFile(
            source: "phone", path: state.path, size: state.size, modifiedAt: state.modifiedAt, inode: state.inode, readAt: read,
            newestStart: newest)
    }

    @Test func aNewFileIsReadWholeAndAnUnchangedOneNotAtAll() {
        let old = file("/s/a.json")
        let reads = HealthSourceReadPlan.reads(found: [old, file("/s/b.json")], remembered: [remembered(old, newest: newest)])
        #expect(reads == [.init(file: file("/s/b.json"), since: nil)])
    }

    @Test func aGrownReplacedOrOlderFileIsReadFromTwoDaysBeforeItsNewestSample() {
        let before = file("/s/Gadgetbridge.db")
        let since = newest.addingTimeInterval(-2 * 86_400)
        for changed in [file(before.path, size: 200), file(before.path, inode: 8), file(before.path, size: 50, modified: 5)] {
            #expect(HealthSourceReadPlan.reads(found: [changed], remembered: [remembered(before, newest: newest)])
                == [.init(file: changed, since: since)])
        }
    }

    @Test func aFolderListsItsFinishedRegularFilesOnlyAndAFIFOSourceIsRefused() throws {
        let folder = try ScratchFolder.make("health-source-listing")
        for name in ["HealthAutoExport-2026-03-23.json", ".hidden.json", "copy.json.part", "~syncthing~x.json.tmp", "db-wal"] {
            #expect(FileManager.default.createFile(atPath: folder + "/" + name, contents: Data("{}".utf8)))
        }
        try FileManager.default.createDirectory(atPath: folder + "/sub", withIntermediateDirectories: true)
        #expect(mkfifo(folder + "/pipe", 0o600) == 0)
        let files = try HealthSourceListing.files(of: folder)
        #expect(files.map { ($0.path as NSString).lastPathComponent } == ["HealthAutoExport-2026-03-23.json"])
        #expect(throws: HealthSourceListingError.self) { try HealthSourceListing.files(of: folder + "/pipe") }
        #expect(throws: HealthSourceListingError.self) { try HealthSourceListing.files(of: folder + "/missing") }
    }
}
