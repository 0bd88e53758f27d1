import Foundation
import TestPrograms
import GhostEngine
import HealthExportGenerator
import Store
import Testing
import VigorRPC

@testable import VigorDaemon

/// `health.import` through the router: real files, the real importer, a real (in-memory) SQLite store.
@Suite(.removesScratchFolders)
struct HealthImportRPCTests {
    private static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Fixtures/health").path
    /// Monday 2026-11-23 20:00 Berlin.
    private let now = Date(timeIntervalSince1970: 1_795_460_400)

    private func context() throws -> LocalAPI.Context {
        try berlinContext(now: now)
    }

    private func call(_ method: String, _ params: String, _ context: LocalAPI.Context) async throws -> RPCResponse {
        try await routerCall(method, params, context)
    }

    private func importFile(_ path: String, _ context: LocalAPI.Context) async throws -> HealthImportResult {
        try await routerResult(HealthImportMethod.self, #"{"path":"\#(path)"}"#, context)
    }

    private func temporaryFile(_ name: String, _ text: String) throws -> String {
        let folder = try ScratchFolder.make("health")
        try text.write(toFile: folder + "/" + name, atomically: true, encoding: .utf8)
        return folder + "/" + name
    }

    @Test func anAppleHealthZipImportsOnceAndASecondImportAddsNothing() async throws {
        let context = try context()
        let first = try await importFile(Self.fixtures + "/export.zip", context)
        #expect(first.complete && first.format == "appleHealthZip")
        #expect(first.added > 0 && first.duplicates == 0)
        #expect(first.records["sleep"] ?? 0 > 0 && first.records["workout"] ?? 0 > 0)
        let second = try await importFile(Self.fixtures + "/export.zip", context)
        #expect(second.added == 0 && second.duplicates == first.added)
        #expect(try context.database.healthImports(limit: 5).count == 2)
    }

    @Test func theSameDataAsXMLAfterTheZipMergesWithoutDuplicates() async throws {
        let context = try context()
        let zip = try await importFile(Self.fixtures + "/export.zip", context)
        let xml = try await importFile(Self.fixtures + "/export.xml", context)
        #expect(xml.added == 0 && xml.duplicates == zip.added)
    }

    @Test func aFolderOfFITFilesImportsEveryFileInOneRequestAndCountsTheOneItCannotRead() async throws {
        let context = try context()
        let folder = try ScratchFolder.make("fit-folder")
        try FileManager.default.createDirectory(atPath: folder + "/older", withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let workouts = FITWorkoutGenerator(seed: 7).workouts(count: 3)
        for (index, workout) in workouts.enumerated() {
            try FITActivityWriter().file([workout]).write(to: URL(fileURLWithPath: folder + "/activity-\(index).fit"))
        }
        try Data("not a FIT file".utf8).write(to: URL(fileURLWithPath: folder + "/broken.fit"))
        try Data("hidden".utf8).write(to: URL(fileURLWithPath: folder + "/.DS_Store"))

        let result = try await importFile(folder, context)
        #expect(result.format == "folder")
        #expect(result.files?.map(\.file) == ["activity-0.fit", "activity-1.fit", "activity-2.fit", "broken.fit", "older"])
        #expect(result.files?.prefix(3).allSatisfy { $0.format == "fit" && $0.added == 1 && $0.complete } == true)
        #expect(result.records["workout"] == 3)
        #expect(result.added == 3)
        #expect(result.failedFiles == 2, "the unreadable file and the subfolder")
        #expect(result.complete == false)
        #expect(result.files?.first { $0.file == "broken.fit" }?.error?.isEmpty == false)
        #expect(try context.database.healthSampleCounts()["workout"] == 3)
        let runs = try context.database.healthImports(limit: 10).map { ($0.file as NSString).lastPathComponent }.sorted()
        #expect(runs == ["activity-0.fit", "activity-1.fit", "activity-2.fit", "broken.fit"], "one import run per file read")
    }

    @Test func anEmptyFolderIsRefusedWithAClearError() async throws {
        let context = try context()
        let folder = try ScratchFolder.make("empty-folder")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let response = try await call(HealthImportMethod.name, #"{"path":"\#(folder)"}"#, context)
        #expect(response.error?.code == RPCErrorCode.importFailed.rawValue)
        #expect(response.error?.message.contains("empty folder") == true)
    }

    @Test func badRecordsInJSONLinesAreCountedAndTheGoodOnesStored() async throws {
        let context = try context()
        let result = try await importFile(Self.fixtures + "/sample.jsonl", context)
        #expect(result.complete)
        #expect(result.skippedByReason["outOfRange"] ?? 0 >= 1)
        #expect(result.skippedExamples.contains { $0.contains("line 11") })
        #expect(try context.database.healthSampleCounts()["restingHeartRate"] == 1)
    }

    @Test func aTruncatedExportKeepsWhatCameBeforeAndSaysWhere() async throws {
        let context = try context()
        let whole = try String(contentsOfFile: Self.fixtures + "/export.xml", encoding: .utf8)
        let cut = whole.range(of: "<Workout").map { String(whole[..<$0.lowerBound]) + "<Workout workoutActivityType=" } ?? whole
        let result = try await importFile(try temporaryFile("export.xml", cut), context)
        #expect(!result.complete)
        #expect(result.error?.contains("line") == true)
        #expect(result.added > 0)
        #expect(try context.database.healthImports(limit: 1).first?.error == result.error)
    }

    @Test func aFileThatIsNoHealthDataIsRefusedWithItsReasonAndStoresNothing() async throws {
        let context = try context()
        let path = try temporaryFile("notes.txt", "shopping list\nmilk\n")
        let response = try await call("health.import", #"{"path":"\#(path)"}"#, context)
        #expect(response.error?.code == -32008)
        #expect(response.error?.message.contains("notes.txt") == true)
        #expect(try context.database.healthSampleCounts().isEmpty)
    }

    @Test func aRelativePathIsInvalidParams() async throws {
        let response = try await call("health.import", #"{"path":"export.zip"}"#, try context())
        #expect(response.error?.code == -32602)
    }

    /// An Auto-Scheduler's 45-minute block at 18:00 Berlin, over by `now` (20:00): its start and id.
    private func blockThatEndedThisEvening(_ context: LocalAPI.Context) async throws -> (Date, BlockID) {
        _ = try await context.ghost.perform(.manualPhaseChange(to: .autoScheduler), at: now)
        let blockStart = now.addingTimeInterval(-2 * 3600)
        let effects = try await context.ghost.perform(
            .placementRequested(BlockCandidate(start: blockStart, durationMinutes: 45, confidence: 1), alternatives: []),
            at: now.addingTimeInterval(-6 * 3600))
        let block = try #require(effects.compactMap { effect -> BlockID? in
            if case .writeBlock(let block) = effect { block.id } else { nil }
        }.first)
        return (blockStart, block)
    }

    @Test func anImportedWorkoutOverlappingAScheduledBlockCompletesIt() async throws {
        let context = try context()
        let (blockStart, block) = try await blockThatEndedThisEvening(context)
        let zone = TimeZone(identifier: "Europe/Berlin") ?? .gmt
        let start = RPCTimestamp(blockStart.addingTimeInterval(600), in: zone).description
        let end = RPCTimestamp(blockStart.addingTimeInterval(3000), in: zone).description
        let line = #"{"type":"workout","start":"\#(start)","end":"\#(end)","activity":"running","source":"garmin"}"#
        let result = try await importFile(try temporaryFile("run.jsonl", line + "\n"), context)
        #expect(result.workoutsCompletingBlocks == 1 && result.workoutsUnplanned == 0)
        #expect(await context.ghost.current.block(block)?.status == .completed)
    }

    @Test func aHandLoggedRunImportedLaterIsOneWorkoutAndUndoTakesBackOnlyTheLog() async throws {
        let context = try context()
        let (blockStart, block) = try await blockThatEndedThisEvening(context)
        let zone = TimeZone(identifier: "Europe/Berlin") ?? .gmt
        let logged = try await routerResult(
            WorkoutLogMethod.self, #"{"at":"\#(RPCTimestamp(blockStart, in: zone).description)","minutes":45}"#, context)
        #expect(logged.counted && logged.block == block.rawValue)
        let trust = await context.ghost.current.trust.score

        let start = RPCTimestamp(blockStart.addingTimeInterval(300), in: zone).description
        let end = RPCTimestamp(blockStart.addingTimeInterval(2700), in: zone).description
        let line = #"{"type":"workout","start":"\#(start)","end":"\#(end)","activity":"running","source":"garmin","energy":380}"#
        let file = try temporaryFile("run.jsonl", line + "\n")
        let imported = try await importFile(file, context)
        #expect(imported.workoutsAlreadyCounted == 1)
        #expect(imported.workoutsCompletingBlocks == 0 && imported.workoutsUnplanned == 0)
        let again = try await importFile(file, context)
        #expect(again.duplicates == 1 && again.workoutsAlreadyCounted == 0)
        var ghost = await context.ghost.current
        #expect(ghost.trust.score == trust)
        #expect(ghost.block(block)?.status == .completed)
        let counting = ghost.workouts.filter(\.counts)
        #expect(counting.count == 1 && counting.first?.source == "garmin" && counting.first?.completedBlock == block)
        _ = try await context.backend.runCycle(.weekly, now: now, zone: zone)
        let week = try #require(try await routerResult(WeeklyReceiptMethod.self, "{}", context).receipt)
        #expect(week.completed == 1 && week.unplannedWorkouts == 0)

        let undone = try await routerResult(WorkoutUndoMethod.self, "{}", context)
        #expect(undone.workout == logged.workout)
        #expect(undone.countedAs == counting.first?.id && undone.block == block.rawValue)
        ghost = await context.ghost.current
        #expect(ghost.block(block)?.status == .completed)
        #expect(ghost.workouts.filter(\.counts).map(\.id) == counting.map(\.id))
    }

    @Test func anImportedRunIsConfirmedOnceAndWrongTakesItBack() async throws {
        let context = try context()
        let (blockStart, block) = try await blockThatEndedThisEvening(context)
        let zone = TimeZone(identifier: "Europe/Berlin") ?? .gmt
        let start = RPCTimestamp(blockStart, in: zone).description
        let end = RPCTimestamp(blockStart.addingTimeInterval(2700), in: zone).description
        let line = #"{"type":"workout","start":"\#(start)","end":"\#(end)","activity":"running","source":"garmin"}"#
        _ = try await importFile(try temporaryFile("run.jsonl", line + "\n"), context)
        await context.notifications.settle(now: now, rules: NotificationRules())
        let asked = try #require(await context.notifications.inbox.first { $0.message.kind == .workoutLogged })
        #expect(asked.message.title == "45 min run logged.")
        #expect(asked.message.actions.map(\.label) == ["Correct", "Wrong"])
        #expect(await context.notifications.inbox.filter { $0.message.kind == .workoutLogged }.count == 1)

        try await context.backend.answer(asked.message, action: "wrong", at: now)
        #expect(await context.ghost.current.block(block)?.status == .scheduled)
        #expect(await context.ghost.current.workouts.filter(\.counts).isEmpty)
        await context.notifications.settle(now: now.addingTimeInterval(60), rules: NotificationRules())
        #expect(await context.notifications.inbox.first { $0.message.key == asked.message.key }?.state == .settled)
    }

    @Test func correctKeepsTheImportedRunAndSettlesItsQuestion() async throws {
        let context = try context()
        let (blockStart, block) = try await blockThatEndedThisEvening(context)
        let zone = TimeZone(identifier: "Europe/Berlin") ?? .gmt
        let line = #"{"type":"workout","start":"\#(RPCTimestamp(blockStart, in: zone).description)","end":"\#(RPCTimestamp(blockStart.addingTimeInterval(2700), in: zone).description)","activity":"running","source":"garmin"}"#
        _ = try await importFile(try temporaryFile("run.jsonl", line + "\n"), context)
        await context.notifications.settle(now: now, rules: NotificationRules())
        let asked = try #require(await context.notifications.inbox.first { $0.message.kind == .workoutLogged })
        let confirmed = try await routerResult(
            WorkoutConfirmMethod.self, #"{"workout":"\#(asked.message.key.dropFirst("workout:".count))"}"#, context)
        #expect(confirmed.counted && confirmed.block == block.rawValue)
        await context.notifications.settle(now: now.addingTimeInterval(60), rules: NotificationRules())
        #expect(await context.notifications.inbox.first { $0.message.key == asked.message.key }?.state == .settled)
        #expect(await context.ghost.current.block(block)?.status == .completed)
    }

    @Test func workoutsFromLongAgoAreHistoryNotActivity() async throws {
        let context = try context()
        let result = try await importFile(Self.fixtures + "/export.zip", context)
        #expect(result.records["workout"] ?? 0 > 0)
        #expect(result.workoutsCompletingBlocks + result.workoutsUnplanned == 0)
        #expect(await context.ghost.current.workouts.isEmpty)
    }
}
