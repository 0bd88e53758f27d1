import CivilCalendar
import Foundation
import TestPrograms
import Logging
import Store
import Testing
import VigorRPC

@testable import VigorDaemon
@testable import VigorConfig

private let start = Date(timeIntervalSince1970: 1_795_341_600)

private func makeContext(testHooks: Bool, configPath: String = "/nonexistent/config.toml") throws -> LocalAPI.Context {
    var config = DaemonConfig()
    config.schedule.timezone = "Europe/Berlin"
    return try makeTestContext(
        config: config, now: start.addingTimeInterval(60), startedAt: start, testHooks: testHooks, configPath: configPath)
}

private func documentedNames(_ document: JSONValue) -> Set<String> {
    guard case .array(let methods)? = document.objectValue?["methods"] else { return [] }
    return Set(methods.compactMap { $0.objectValue?["name"]?.stringValue })
}

@Test(.removesScratchFolders) func servedMethodsAndDiscoverDocumentAgree() async throws {
    for hooks in [false, true] {
        let router = LocalAPI(try makeContext(testHooks: hooks)).router()
        let dispatcher = RPCDispatcher(router: router)
        let reply = try #require(await dispatcher.reply(to: Data(#"{"jsonrpc":"2.0","method":"rpc.discover","id":1}"#.utf8)))
        let response = try JSONDecoder().decode(RPCResponse.self, from: reply)
        let document = try #require(response.result)
        #expect(documentedNames(document) == router.methodNames)
        #expect(router.methodNames.contains("debug.delay") == hooks)
    }
}

@Test(.removesScratchFolders) func theClockHookMovesTheDaemonsClockForwardAndRefusesToGoBack() async throws {
    var context = try makeContext(testHooks: true)
    let before = try TestNow.instant
    let clock = TestClock(start: before)
    context.testClock = clock
    context.now = { clock.now() }
    let dispatcher = RPCDispatcher(router: LocalAPI(context).router())
    let reply = try #require(await dispatcher.reply(to: Data(#"{"jsonrpc":"2.0","method":"debug.clock","params":{"advanceHours":48},"id":1}"#.utf8)))
    let moved = try RPCCoding.decode(DebugClockMethod.Result.self, from: try #require(JSONDecoder().decode(RPCResponse.self, from: reply).result))
    // The reply's time travels in RFC 3339 with milliseconds, so it may read up to half a millisecond early.
    #expect(moved.now.date.timeIntervalSince(before) >= 48 * 3600 - 0.0005)
    #expect(context.now().timeIntervalSince(before) >= 48 * 3600)
    let back = try #require(await dispatcher.reply(to: Data(#"{"jsonrpc":"2.0","method":"debug.clock","params":{"advanceHours":-1},"id":2}"#.utf8)))
    #expect(try JSONDecoder().decode(RPCResponse.self, from: back).error?.code == -32602)
}

@Test(.removesScratchFolders) func statusReportsUptimeFromTheInjectedClock() async throws {
    let context = try makeContext(testHooks: false)
    let router = LocalAPI(context).router()
    let reply = try #require(await RPCDispatcher(router: router).reply(to: Data(#"{"jsonrpc":"2.0","method":"status","id":1}"#.utf8)))
    let status = try RPCCoding.decode(DaemonStatus.self, from: try #require(JSONDecoder().decode(RPCResponse.self, from: reply).result))
    #expect(status.uptimeSeconds == 60)
    #expect(status.configSource == "defaults")
    #expect(status.database.schemaVersion == (try context.database.schemaVersion()))
    #expect(status.ghost.trustPhase == "observer")
}

@Test(.removesScratchFolders) func reloadOfAnInvalidFileKeepsTheOldConfigAndAnswersConfigInvalid() async throws {
    let path = try ScratchFolder.make("reload") + "/reload.toml"
    try "[schedule]\nmorning = \"05:00\"\n".write(toFile: path, atomically: true, encoding: .utf8)
    let context = try makeContext(testHooks: false, configPath: path)
    #expect(await context.backend.reload(at: context.now()).ok)
    try "[schedule]\nmornin = \"07:00\"\n".write(toFile: path, atomically: true, encoding: .utf8)
    let reply = try #require(await RPCDispatcher(router: LocalAPI(context).router()).reply(
        to: Data(#"{"jsonrpc":"2.0","method":"daemon.reload","id":1}"#.utf8)))
    let error = try #require(JSONDecoder().decode(RPCResponse.self, from: reply).error)
    #expect(error.code == -32001)
    #expect(error.message.contains("schedule.mornin"))
    #expect(await context.state.config.schedule.morning == TimeOfDay(hour: 5, minute: 0))
}

private func call(_ frame: String, _ context: LocalAPI.Context) async throws -> RPCResponse {
    let reply = try #require(await RPCDispatcher(router: LocalAPI(context).router()).reply(to: Data(frame.utf8)))
    return try JSONDecoder().decode(RPCResponse.self, from: reply)
}

@Test(.removesScratchFolders) func manualTrustChangeWinsIsSavedAndExplained() async throws {
    let context = try makeContext(testHooks: false)
    let response = try await call(#"{"jsonrpc":"2.0","method":"trust.set","params":{"phase":"transformer"},"id":1}"#, context)
    let ghost = try RPCCoding.decode(GhostStatus.self, from: try #require(response.result))
    #expect(ghost.trustPhase == "transformer")
    #expect(ghost.pinnedByUser)
    #expect(ghost.capabilities == ["propose", "writeCalendar", "transform"])
    let listed = try await call(#"{"jsonrpc":"2.0","method":"receipts.list","id":2}"#, context)
    let receipts = try RPCCoding.decode(ReceiptsListMethod.Result.self, from: try #require(listed.result)).receipts
    #expect(receipts.count == 1)
    #expect(receipts.first?.action == "trustChanged")
    #expect(receipts.first?.at.description == "2026-11-22T11:01:00+01:00")
    let reopened = try GhostHost(database: context.database, zone: .gmt, now: start)
    #expect(await reopened.current.trust.phase == .transformer)
}

@Test(.removesScratchFolders) func unknownTrustPhaseIsInvalidParamsNamingTheField() async throws {
    let response = try await call(#"{"jsonrpc":"2.0","method":"trust.set","params":{"phase":"god"},"id":1}"#, try makeContext(testHooks: false))
    #expect(response.error?.code == -32602)
    #expect(response.error?.message.contains("'phase'") == true)
}

@Test(.removesScratchFolders) func receiptLimitOutsideItsRangeIsInvalidParams() async throws {
    let context = try makeContext(testHooks: false)
    for limit in [0, 201] {
        let response = try await call(#"{"jsonrpc":"2.0","method":"receipts.list","params":{"limit":\#(limit)},"id":1}"#, context)
        #expect(response.error?.code == -32602)
    }
    let ok = try await call(#"{"jsonrpc":"2.0","method":"receipts.list","params":{"limit":200},"id":1}"#, context)
    #expect(ok.error == nil)
}

@Test(.removesScratchFolders) func exportHoldsTheStateReceiptsAndCyclesAndPurgeStartsOver() async throws {
    let context = try makeContext(testHooks: false)
    _ = try await call(#"{"jsonrpc":"2.0","method":"trust.set","params":{"phase":"scheduler"},"id":1}"#, context)
    let exported = try #require(try await call(#"{"jsonrpc":"2.0","method":"data.export","id":2}"#, context).result)
    guard case .array(let receipts)? = exported.objectValue?["receipts"] else {
        Issue.record("receipts must be an array")
        return
    }
    #expect(receipts.count == 1)
    #expect(exported.objectValue?["ghost"]?.objectValue?["trust"]?.objectValue?["phase"] == "scheduler")
    #expect(exported.objectValue?["inbox"] == nil && exported.objectValue?["holdBook"] == nil, "nothing said or held yet")
    try context.database.saveNotificationLedger(Data(#"{"entries":[]}"#.utf8), at: Date(timeIntervalSince1970: 1_795_629_600))
    try context.database.saveHoldBook(HoldBookRecord(savedAt: Date(timeIntervalSince1970: 1_795_629_600), body: Data(#"{"holds":[]}"#.utf8)))
    let again = try #require(try await call(#"{"jsonrpc":"2.0","method":"data.export","id":5}"#, context).result)
    #expect(again.objectValue?["inbox"]?.objectValue?["ledger"] == .object(["entries": .array([])]))
    #expect(again.objectValue?["holdBook"]?.objectValue?["body"] == .object(["holds": .array([])]))
    #expect(again.objectValue?["holdBook"]?.objectValue?["savedAt"] == "2026-11-25T19:00:00+01:00")
    let refused = try await call(#"{"jsonrpc":"2.0","method":"data.purge","params":{"confirm":false},"id":3}"#, context)
    #expect(refused.error?.code == -32602)
    let purged = try await call(#"{"jsonrpc":"2.0","method":"data.purge","params":{"confirm":true},"id":4}"#, context)
    #expect(try RPCCoding.decode(GhostStatus.self, from: try #require(purged.result)).trustPhase == "observer")
    #expect(try context.database.recentReceipts(limit: 5).isEmpty)
}

@Test(.removesScratchFolders) func redButtonBlocksTheCalendarQuietensTheGhostAndIsRecorded() async throws {
    let context = try makeContext(testHooks: false)
    let response = try await call(#"{"jsonrpc":"2.0","method":"emergency.activate","params":{"minutes":20},"id":1}"#, context)
    let emergency = try RPCCoding.decode(RecoveryTimeStatus.self, from: try #require(response.result))
    #expect(emergency.active)
    #expect(emergency.startedAt?.description == "2026-11-22T11:01:00+01:00")
    #expect(emergency.endsAt?.description == "2026-11-22T11:21:00+01:00")
    let file = try String(contentsOfFile: try #require(emergency.blockFile), encoding: .utf8)
    #expect(file.contains("SUMMARY:Recovery Time"))
    #expect(file.contains("DTSTART:20261122T100100Z"))
    #expect(file.contains("DTEND:20261122T102100Z"))
    #expect(file.contains("TRANSP:OPAQUE"))
    let status = try await call(#"{"jsonrpc":"2.0","method":"status","id":2}"#, context)
    #expect(try RPCCoding.decode(DaemonStatus.self, from: try #require(status.result)).emergency.active)
    let receipts = try context.database.recentReceipts(limit: 5)
    #expect(receipts.map(\.action) == ["emergency"])
}

@Test(.removesScratchFolders) func recoveryMinutesOutsideTheirRangeAreRefused() async throws {
    let context = try makeContext(testHooks: false)
    for minutes in [0, 241] {
        let response = try await call(#"{"jsonrpc":"2.0","method":"emergency.activate","params":{"minutes":\#(minutes)},"id":1}"#, context)
        #expect(response.error?.code == -32602)
    }
    #expect(try context.database.recoveryTimes(endingAfter: Date(timeIntervalSince1970: 0)).isEmpty)
}

@Test(.removesScratchFolders) func theTestClockStartsAtTheGivenInstantOnlyWithTestHooks() throws {
    let start = try #require(RPCTimestamp(rfc3339: "2026-10-25T22:30:00+01:00")).date
    let hooked = try #require(try TestClock.from(environment: ["VIGORD_TEST_HOOKS": "1", "VIGORD_CLOCK_START": "2026-10-25T22:30:00+01:00"]))
    #expect(abs(hooked.now().timeIntervalSince(start)) < 60)
    let later = try #require(try TestClock.from(environment: [
        "VIGORD_TEST_HOOKS": "1", "VIGORD_CLOCK_START": "2026-10-25T21:30:00Z", "VIGORD_CLOCK_OFFSET_HOURS": "48",
    ]))
    #expect(abs(later.now().timeIntervalSince(start.addingTimeInterval(48 * 3600))) < 60)
    #expect(try TestClock.from(environment: ["VIGORD_CLOCK_START": "2026-10-25T22:30:00+01:00"]) == nil)
}

@Test(.removesScratchFolders) func aTestClockStartThatIsNotAnInstantIsRefusedWithTheValue() {
    #expect(throws: TestClockError.invalidStart("2026-10-25 22:30")) {
        try TestClock.from(environment: ["VIGORD_TEST_HOOKS": "1", "VIGORD_CLOCK_START": "2026-10-25 22:30"])
    }
    #expect(throws: TestClockError.invalidStart("2026-10-25T22:30:00")) {
        try TestClock.from(environment: ["VIGORD_TEST_HOOKS": "1", "VIGORD_CLOCK_START": "2026-10-25T22:30:00"])
    }
    #expect(throws: TestClockError.invalidOffset("two days")) {
        try TestClock.from(environment: ["VIGORD_TEST_HOOKS": "1", "VIGORD_CLOCK_OFFSET_HOURS": "two days"])
    }
    #expect(TestClockError.invalidStart("x").description.contains("VIGORD_CLOCK_START='x' is not an RFC 3339 instant"))
}
