import Foundation
import TestPrograms
import Testing

@testable import Store

@Test(.removesScratchFolders) func anEmergencyReadBackIsTheOneRecorded() throws {
    let database = try AppDatabase.inMemory()
    // Just before a whole second: kept in milliseconds, it would come back a second later.
    let start = Date(timeIntervalSince1970: 1_795_341_162.9996)
    let recorded = try database.recordRecoveryTime(startedAt: start, endsAt: start.addingTimeInterval(1_800))
    let readBack = try #require(try database.recoveryTimes(endingAfter: start).first)
    #expect(readBack.startedAt == recorded.startedAt && readBack.endsAt == recorded.endsAt)
    #expect(Int(recorded.startedAt.timeIntervalSince1970) == 1_795_341_162)
}
