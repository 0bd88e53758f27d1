import Foundation
import TestPrograms
import Testing

@testable import Store

#if canImport(Glibc)
import Glibc
#endif

/// The state database on a disk that is really full (a small tmpfs), besides the commit veto the daemon tests use:
/// the write fails with SQLite's reason, what was saved stays, and once there is room the same write succeeds.
@Test(.removesScratchFolders, .enabled(if: getuid() == 0, "root-only: mounting a small tmpfs needs root"))
func aReallyFullDiskRefusesTheWriteAndKeepsWhatWasSaved() throws {
    let disk = try SmallTmpfs(kilobytes: 2048)
    let database = try AppDatabase.open(at: disk.path + "/vigor.sqlite")
    let at = Date(timeIntervalSince1970: 1_795_424_400)
    try database.recordDecision(state: Data("first".utf8), receipts: [], at: at)
    try disk.fill()
    let large = Data(repeating: 0x41, count: 512 * 1024)
    do {
        try database.recordDecision(state: large, receipts: [StoredReceipt(id: "r1", at: at, action: "proposed", body: large)], at: at)
        Issue.record("a write to a full disk succeeded")
    } catch {
        #expect("\(error)".contains("full"), "\(error)")
    }
    #expect(try database.savedGhostState() == Data("first".utf8))
    #expect(try database.recentReceipts(limit: 5).isEmpty)
    try disk.release()
    try database.recordDecision(state: large, receipts: [], at: at)
    #expect(try database.savedGhostState() == large)
}
