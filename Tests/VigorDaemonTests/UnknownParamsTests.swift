import CivilCalendar
import Foundation
import TestPrograms
import Testing
import VigorRPC

@testable import VigorDaemon
@testable import VigorConfig

private let now = Date(timeIntervalSince1970: 1_795_341_600)  // 2026-11-22 11:00 Berlin

@Test(.removesScratchFolders) func aMisspeltCheckInKeyIsRefusedNamingTheKnownOneAndNothingIsStored() async throws {
    let context = try berlinContext(now: now)
    let response = try await routerCall("checkin.record", #"{"slep": 7, "felt": "good"}"#, context)
    let error = try #require(response.error)
    #expect(error.code == RPCErrorCode.invalidParams.rawValue)
    #expect(error.message.contains("unknown field 'slep' (the closest known field is 'slept')"))
    #expect(try context.database.checkIns(from: LocalDay(year: 2026, month: 1, day: 1), through: LocalDay(year: 2026, month: 12, day: 31)).isEmpty)
}

@Test(.removesScratchFolders) func everyMethodRefusesAKeyItDoesNotList() async throws {
    let context = try makeTestContext(config: DaemonConfig(), now: now, testHooks: true)
    for method in LocalAPI.methods(testHooks: true) {
        let response = try await routerCall(method.name, #"{"zzzUnknownKey": 1}"#, context)
        #expect(response.error?.code == RPCErrorCode.invalidParams.rawValue, "\(method.name)")
        #expect(response.error?.message.contains("zzzUnknownKey") == true, "\(method.name): \(String(describing: response.error))")
    }
}
