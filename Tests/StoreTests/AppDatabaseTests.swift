import Foundation
import TestPrograms
import GRDB
import Testing

@testable import Store

private func temporaryFolder() throws -> String {
    let path = try ScratchFolder.make("store")
    return path
}

@Test(.removesScratchFolders) func freshDatabaseIsMigratedToTheNewestVersion() throws {
    let database = try AppDatabase.inMemory()
    #expect(try database.schemaVersion() == StoreMigrations.migrator.migrations.last)
}

@Test(.removesScratchFolders) func runsAreRecordedAndAStopClosesTheRun() throws {
    let database = try AppDatabase.inMemory()
    let start = Date(timeIntervalSince1970: 1_795_341_600)
    let run = try database.recordStart(pid: 42, version: "0.1.0", at: start)
    #expect(try database.recentRuns().first?.stoppedAt == nil)
    try database.recordStop(run, at: start.addingTimeInterval(60))
    let stored = try #require(try database.recentRuns().first)
    #expect(stored.pid == 42)
    #expect(stored.stoppedAt == start.addingTimeInterval(60))
}

@Test(.removesScratchFolders) func dataSurvivesReopeningTheFile() throws {
    let path = try temporaryFolder() + "/vigor.sqlite"
    let first = try AppDatabase.open(at: path)
    _ = try first.recordStart(pid: 1, version: "0.1.0", at: Date(timeIntervalSince1970: 0))
    try first.close()
    let second = try AppDatabase.open(at: path)
    #expect(try second.recentRuns().count == 1)
}

@Test(.removesScratchFolders) func aFileThatIsNotADatabaseIsRefusedAndLeftUntouched() throws {
    let path = try temporaryFolder() + "/vigor.sqlite"
    let garbage = Data(repeating: 0x41, count: 8192)
    try garbage.write(to: URL(fileURLWithPath: path))
    #expect {
        try AppDatabase.open(at: path)
    } throws: { error in
        guard case StoreError.corrupt(let failedPath, _)? = error as? StoreError else { return false }
        return failedPath == path && "\(error)".contains(".recover")
    }
    #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == garbage)
}

@Test(.removesScratchFolders) func aDatabaseFromANewerVersionIsRefused() throws {
    let path = try temporaryFolder() + "/vigor.sqlite"
    try AppDatabase.open(at: path).close()
    let queue = try DatabaseQueue(path: path)
    try queue.write { db in
        try db.execute(sql: "INSERT INTO grdb_migrations (identifier) VALUES ('v99-from-the-future')")
    }
    try queue.close()
    #expect(throws: StoreError.newerSchema(path: path, unknownMigrations: ["v99-from-the-future"])) {
        try AppDatabase.open(at: path)
    }
}

@Test(.removesScratchFolders) func aPurgeEmptiesEveryTableOfTheSchemaButThoseItKeepsOnPurpose() throws {
    let path = try temporaryFolder() + "/vigor.sqlite"
    _ = try AppDatabase.open(at: path)
    let tables = try DatabaseQueue(path: path).read { db in
        try String.fetchSet(db, sql: """
            SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name != 'grdb_migrations'
            """)
    }
    #expect(Set(AppDatabase.purgedTables).isDisjoint(with: AppDatabase.keptByPurge.keys))
    #expect(Set(AppDatabase.purgedTables).union(AppDatabase.keptByPurge.keys) == tables)
}
