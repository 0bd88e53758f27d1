import Foundation
import TestPrograms
import GhostEngine
import Store
import Synchronization
import Testing
import VigorRPC

@testable import VigorDaemon
@testable import VigorConfig

private let now = Date(timeIntervalSince1970: 1_795_341_600)

/// A context whose writes fail while `refusal` is on, its failures told to `log`.
private func fullDiskContext(_ refusal: WriteRefusal, _ log: CapturedLog) throws -> LocalAPI.Context {
    var config = DaemonConfig()
    config.schedule.timezone = "Europe/Berlin"
    let context = try makeTestContext(config: config, now: now, refusal: refusal, failures: FailureLog(logger: log.logger))
    context.failures.watch(context.database, now: { now })
    context.failures.countStorageFailures(through: context.backend)
    return context
}

private func heartRateFile(_ name: String) throws -> String {
    let path = try ScratchFolder.make("storage") + "/\(name).jsonl"
    try #"{"type":"hrv","start":"2026-11-20T07:00:00Z","value":48,"unit":"ms","source":"test"}"#.appending("\n")
        .write(toFile: path, atomically: true, encoding: .utf8)
    return path
}

@Test(.removesScratchFolders) func everyWriteThatFailsOnAFullDiskIsOneStorageEpisodeEndedByTheNextWriteOfAnyKind() async throws {
    let refusal = WriteRefusal()
    let log = CapturedLog()
    let context = try fullDiskContext(refusal, log)
    refusal.refuse()
    for _ in 1...2 {
        let trust = try await routerCall(TrustSetMethod.name, #"{"phase":"scheduler"}"#, context)
        #expect(trust.error?.code == RPCErrorCode.storageFailed.rawValue)
    }
    let checkIn = try await routerCall(CheckInMethod.name, #"{"slept":7,"felt":"ok"}"#, context)
    #expect(checkIn.error?.code == RPCErrorCode.storageFailed.rawValue)
    // Each import's reason names its file; the episode is still the one that began with the first write.
    for name in ["first", "second"] {
        let imported = try await routerCall(HealthImportMethod.name, #"{"path":"\#(try heartRateFile(name))"}"#, context)
        #expect(imported.error?.code == RPCErrorCode.storageFailed.rawValue)
    }
    let failing = try await routerResult(StatusMethod.self, "{}", context).storage
    #expect(failing.ok == false)
    #expect(failing.failedEpisodes == 1)
    #expect(failing.failingSince?.date == now)
    #expect(failing.reason?.contains("database or disk is full") == true)

    refusal.lift()
    // Another method than any that failed: the first write that saves ends the episode.
    _ = try await routerResult(CheckInMethod.self, #"{"slept":7,"felt":"ok"}"#, context)
    _ = try await routerResult(TrustSetMethod.self, #"{"phase":"scheduler"}"#, context)

    let told = log.entries.filter { $0.message.contains(FailureLog.storageOperation) }
    #expect(told.map(\.level) == [.error, .notice])
    #expect(told.first?.message.contains("saving vigord's state failed: ") == true)
    #expect(told.last?.message.contains("saving vigord's state works again") == true)
    #expect(!log.entries.contains { $0.message.contains("request ") }, "no episode per method")
    let recovered = try await routerResult(StatusMethod.self, "{}", context).storage
    #expect(recovered == FailureEpisodeStatus(ok: true, failingSince: nil, reason: nil, failedEpisodes: 1))
}

@Test(.removesScratchFolders) func aStorageEpisodeCountsOnceTowardGhostHealthWhenTheDiskAllowsItToBeSaved() async throws {
    let refusal = WriteRefusal()
    let context = try fullDiskContext(refusal, CapturedLog())
    let before = await context.ghost.current.ghostHealth.failures
    refusal.refuse()
    for _ in 1...3 { _ = try await routerCall(CheckInMethod.name, #"{"slept":7,"felt":"ok"}"#, context) }
    #expect(await context.ghost.current.ghostHealth.failures == before, "counting is itself a save, which waits for the disk")
    refusal.lift()
    _ = try await routerResult(CheckInMethod.self, #"{"slept":7,"felt":"ok"}"#, context)
    // The count is saved in its own transaction after the write that ended the episode: wait for that event.
    var counted = await context.ghost.current.ghostHealth.failures
    for _ in 0..<10_000 where counted == before {
        await Task.yield()
        counted = await context.ghost.current.ghostHealth.failures
    }
    #expect(counted == before + 1)
    _ = try await routerResult(CheckInMethod.self, #"{"slept":8,"felt":"ok"}"#, context)
    #expect(await context.ghost.current.ghostHealth.failures == before + 1, "one episode, one count")
}

@Test(.removesScratchFolders) func theDatabaseTellsItsWatcherOfEachRefusedWriteAndOfTheWriteThatSaves() throws {
    let refusal = WriteRefusal()
    let database = try AppDatabase.inMemory(refusal: refusal)
    let outcomes = OutcomeList()
    database.writes.observe { outcomes.append($0) }
    refusal.refuse()
    #expect(throws: StoreError.self) { _ = try database.recordStart(pid: 1, version: "test", at: now) }
    _ = try database.recentRuns()
    #expect(outcomes.all.count == 1, "a read is no write")
    guard case .failed(let error)? = outcomes.all.first else { Issue.record("no refused write heard"); return }
    #expect(error.description.contains("database or disk is full"))
    refusal.lift()
    _ = try database.recordStart(pid: 1, version: "test", at: now)
    #expect(outcomes.all.last == .saved)
}

private final class OutcomeList: Sendable {
    private let list = Mutex<[WriteWatch.Outcome]>([])
    func append(_ outcome: WriteWatch.Outcome) { list.withLock { $0.append(outcome) } }
    var all: [WriteWatch.Outcome] { list.withLock { $0 } }
}
