import Foundation
import GhostEngine
import TestPrograms
import Testing
import VigorRPC

@testable import VigorDaemon
@testable import VigorConfig

private let now = Date(timeIntervalSince1970: 1_795_341_600)  // 2026-11-22 11:00 Berlin

private func context() throws -> LocalAPI.Context {
    try berlinContext(now: now)
}

private func call(_ method: String, _ params: String, _ context: LocalAPI.Context) async throws -> RPCResponse {
    try await routerCall(method, params, context)
}

/// The same daemon parts with the clock at `now`.
private func makeRouterContext(_ context: LocalAPI.Context, now: Date) -> LocalAPI.Context {
    var moved = context
    moved.now = { now }
    return moved
}

/// As the evening cycle would: ask the Ghost to place a block tomorrow at 07:00 Berlin.
private func proposeTomorrowMorning(_ context: LocalAPI.Context) async throws -> String {
    _ = try await call("trust.set", #"{"phase":"scheduler"}"#, context)
    let start = now.addingTimeInterval(20 * 3600)  // 2026-11-23 07:00 Berlin
    let effects = try await context.ghost.perform(
        .placementRequested(BlockCandidate(start: start, durationMinutes: 45, confidence: 0.9), alternatives: []), at: now)
    for case .proposeBlock(let block) in effects { return block.id.rawValue }
    Issue.record("a Scheduler must propose, got \(effects)")
    return ""
}

@Test(.removesScratchFolders) func acceptedProposalIsWrittenToTheCalendarAndShownInStatus() async throws {
    let context = try context()
    let id = try await proposeTomorrowMorning(context)
    let status = try RPCCoding.decode(DaemonStatus.self, from: try #require(try await call("status", "{}", context).result))
    #expect(status.plan.proposals.map(\.id) == [id])
    #expect(status.plan.tomorrow.first?.start.description == "2026-11-23T07:00:00+01:00")
    let answer = try await call("proposal.answer", #"{"block":"\#(id)","accept":true}"#, context)
    #expect(answer.error == nil)
    let files = try FileManager.default.contentsOfDirectory(atPath: context.output.collectionPath).filter { $0.hasSuffix(".ics") }
    #expect(files == [(try calendarFile(context, item: "\(id)") as NSString).lastPathComponent])
    let written = try String(contentsOfFile: context.output.collectionPath + "/" + files[0], encoding: .utf8)
    #expect(written.contains("DTSTART:20261123T060000Z"))
    #expect(written.contains("X-VIGOR-STATE:scheduled"))
}

@Test(.removesScratchFolders) func declinedProposalStaysOutOfTheCalendar() async throws {
    let context = try context()
    let id = try await proposeTomorrowMorning(context)
    #expect(try await call("proposal.answer", #"{"block":"\#(id)","accept":false}"#, context).error == nil)
    let files = try FileManager.default.contentsOfDirectory(atPath: context.output.collectionPath).filter { $0.hasSuffix(".ics") }
    #expect(files.isEmpty)
}

@Test(.removesScratchFolders) func answeringAnUnknownProposalIsRefusedByTheEngine() async throws {
    let response = try await call("proposal.answer", #"{"block":"b999","accept":true}"#, try context())
    #expect(response.error?.code == -32004)
}

@Test(.removesScratchFolders) func triageReasonMustBeKnown() async throws {
    let response = try await call("triage.answer", #"{"block":"b1","reason":"tired"}"#, try context())
    #expect(response.error?.code == -32602)
    #expect(response.error?.message.contains("'reason'") == true)
}

@Test(.removesScratchFolders) func loggedWorkoutCountsAndFutureWorkoutsAreRefused() async throws {
    let context = try context()
    let future = try await call("workout.log", #"{"at":"2026-11-22T13:00:00+01:00"}"#, context)
    #expect(future.error?.code == -32602)
    let logged = try await call("workout.log", #"{"at":"2026-11-22T10:30:00+01:00","minutes":40}"#, context)
    let result = try RPCCoding.decode(WorkoutLogResult.self, from: try #require(logged.result))
    #expect(result.counted && result.block == nil)
    #expect(result.end == "2026-11-22T11:10:00+01:00")
    #expect(result.ghost.trustScore > 0)
    let again = try await call("workout.log", #"{"at":"2026-11-22T10:30:00+01:00","minutes":40}"#, context)
    #expect(try RPCCoding.decode(WorkoutLogResult.self, from: try #require(again.result)).counted == false)
}

@Test(.removesScratchFolders) func aLoggedWorkoutCompletesTheAcceptedBlockAndUndoReopensIt() async throws {
    let context = try context()
    let id = try await proposeTomorrowMorning(context)
    _ = try await call("proposal.answer", #"{"block":"\#(id)","accept":true}"#, context)
    let later = makeRouterContext(context, now: now.addingTimeInterval(21 * 3600))
    let logged = try RPCCoding.decode(
        WorkoutLogResult.self, from: try #require(try await call("workout.log", #"{"minutes":45}"#, later).result))
    #expect(logged.block == id)
    #expect(await context.ghost.current.block(BlockID(rawValue: id))?.status == .completed)
    let undone = try RPCCoding.decode(WorkoutLogResult.self, from: try #require(try await call("workout.undo", "{}", later).result))
    #expect(undone.workout == logged.workout && undone.block == id)
    #expect(await context.ghost.current.block(BlockID(rawValue: id))?.status == .scheduled)
    let nothing = try await call("workout.undo", "{}", later)
    #expect(nothing.error?.code == -32004)
}

@Test(.removesScratchFolders) func aWorkoutLengthOutsideOneToSixHundredMinutesIsRefused() async throws {
    let response = try await call("workout.log", #"{"minutes":0}"#, try context())
    #expect(response.error?.message.contains("'minutes'") == true)
}

@Test(.removesScratchFolders) func sacredSlotsAreListedAndALearnedOneCanBeCleared() async throws {
    let context = try context()
    let listed = try RPCCoding.decode(SacredListMethod.Result.self, from: try #require(try await call("sacred.list", "{}", context).result))
    #expect(listed.slots.isEmpty)
    #expect(listed.rules.contains("weekend mornings before 09:00"))
    let malformed = try await call("sacred.clear", #"{"slot":"Monday 7am"}"#, context)
    #expect(malformed.error?.code == -32602)
    let notSacred = try await call("sacred.clear", #"{"slot":"Mon 07:00"}"#, context)
    #expect(notSacred.error?.code == -32602)
    #expect(notSacred.error?.message.contains("not a learned sacred slot") == true)
}

@Test(.removesScratchFolders) func whyForABlockShowsOnlyThatBlocksDecisions() async throws {
    let context = try context()
    let id = try await proposeTomorrowMorning(context)
    let all = try RPCCoding.decode(ReceiptsListMethod.Result.self, from: try #require(try await call("receipts.list", "{}", context).result))
    #expect(all.receipts.count == 2)
    let forBlock = try RPCCoding.decode(
        ReceiptsListMethod.Result.self, from: try #require(try await call("receipts.list", #"{"block":"\#(id)"}"#, context).result))
    #expect(forBlock.receipts.map(\.action) == ["proposed"])
}

@Test(.removesScratchFolders) func statusListsEachSourcesFreshness() async throws {
    var config = DaemonConfig()
    config.schedule.timezone = "Europe/Berlin"
    config.calendar.sources = [CalendarSourceEntry(name: "gone", location: .path("/nonexistent.ics"))]
    let context = try makeTestContext(config: config, now: now)
    var status = try RPCCoding.decode(DaemonStatus.self, from: try #require(try await call("status", "{}", context).result))
    #expect(status.sources.map(\.freshness) == ["unknown"])
    await context.calendars.refresh(now: now)
    status = try RPCCoding.decode(DaemonStatus.self, from: try #require(try await call("status", "{}", context).result))
    #expect(status.sources.first?.ok == false)
}

@Test(.removesScratchFolders) func travelIsSetShownAndCleared() async throws {
    let context = try context()
    let set = try await call("travel.set", #"{"from":"2026-11-22","to":"2026-11-25"}"#, context)
    let travel = try RPCCoding.decode(TravelStatus.self, from: try #require(set.result))
    #expect(travel.travellingToday)
    #expect(travel.ranges == ["2026-11-22..2026-11-25"])
    let backwards = try await call("travel.set", #"{"from":"2026-11-25","to":"2026-11-22"}"#, context)
    #expect(backwards.error?.code == -32602)
    let cleared = try RPCCoding.decode(TravelStatus.self, from: try #require(try await call("travel.set", #"{"clear":true}"#, context).result))
    #expect(cleared.ranges.isEmpty)
}

@Test(.removesScratchFolders) func blocksListShowsBlocksInTheWindow() async throws {
    let context = try context()
    let id = try await proposeTomorrowMorning(context)
    let tomorrow = try RPCCoding.decode(
        BlocksListMethod.Result.self, from: try #require(try await call("blocks.list", #"{"from":"2026-11-23","to":"2026-11-24"}"#, context).result))
    #expect(tomorrow.blocks.map(\.id) == [id])
    let today = try RPCCoding.decode(
        BlocksListMethod.Result.self, from: try #require(try await call("blocks.list", #"{"from":"2026-11-22","to":"2026-11-23"}"#, context).result))
    #expect(today.blocks.isEmpty)
}

@Test(.removesScratchFolders) func theDaemonsTickMarksAMissedBlockAfterTheGraceAndItsQuestionBecomesUnknown24HoursLater() async throws {
    let context = try context()
    let id = try await proposeTomorrowMorning(context)
    #expect(try await call("proposal.answer", #"{"block":"\#(id)","accept":true}"#, context).error == nil)
    let end = now.addingTimeInterval(20 * 3600 + 45 * 60)  // the block ends 2026-11-23 07:45 Berlin
    try await context.backend.tick(at: end.addingTimeInterval(2 * 3600 - 1))
    #expect(try await routerResult(TriageListMethod.self, "{}", context).pending.isEmpty)
    try await context.backend.tick(at: end.addingTimeInterval(2 * 3600))
    #expect(try await routerResult(TriageListMethod.self, "{}", context).pending.map(\.id) == [id])
    let asked = end.addingTimeInterval(2 * 3600)
    try await context.backend.tick(at: asked.addingTimeInterval(24 * 3600 - 1))
    #expect(try await routerResult(TriageListMethod.self, "{}", context).pending.map(\.id) == [id])
    try await context.backend.tick(at: asked.addingTimeInterval(24 * 3600))
    #expect(try await routerResult(TriageListMethod.self, "{}", context).pending.isEmpty)
}

@Test(.removesScratchFolders) func theDaemonsTickTakesAnUnansweredProposalOffTheCalendarAtItsStart() async throws {
    let context = try context()
    let id = try await proposeTomorrowMorning(context)
    try await context.backend.tick(at: now.addingTimeInterval(20 * 3600))
    let ghost = await context.ghost.current
    #expect(ghost.block(BlockID(rawValue: id))?.status == .expired)
}
