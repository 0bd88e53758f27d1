import Foundation
import TestPrograms
import Testing

@testable import Store

@Test(.removesScratchFolders) func theSystemZoneIsSavedReplacedExportedAndPurged() throws {
    let database = try AppDatabase.inMemory()
    let at = Date(timeIntervalSince1970: 1_795_341_600)
    #expect(try database.systemZone() == nil)
    try database.saveSystemZone(SystemZoneRecord(settledZone: "Europe/Berlin", updatedAt: at))
    let away = SystemZoneRecord(settledZone: "Europe/Berlin", changedTo: "Asia/Tokyo", changedOn: "2026-11-23", updatedAt: at)
    try database.saveSystemZone(away)
    #expect(try database.systemZone() == away)
    #expect(try database.exportAll().systemZone == away)
    try database.purgeAll(replacingStateWith: Data("{}".utf8), at: at)
    #expect(try database.systemZone() == nil)
}
