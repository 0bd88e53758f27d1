import Foundation
import Synchronization
import Testing
import TestPrograms
import VigorRPC

#if canImport(Glibc)
import Glibc
#endif

@Suite(.removesScratchFolders, .serialized) struct LifecycleTests {
    @Test func daemonAnnouncesReadyAndStoppingToNotifySocketAndExitsZeroOnSIGTERM() throws {
        let daemon = try DaemonHarness(label: "notify")
        try daemon.start()
        let status = try daemon.connect().call(StatusMethod.self, NoParams())
        #expect(status.pid == daemon.pid)
        #expect(status.socket == daemon.socketPath)
        #expect(status.socketOrigin == "bound")
        daemon.signal(SIGTERM)
        #expect(daemon.notify.waitFor("STOPPING=1"))
        #expect(daemon.waitForExit() == 0)
        #expect(!FileManager.default.fileExists(atPath: daemon.socketPath))
    }

    @Test func aServiceManagerThatDoesNotReadItsNotifySocketNeverHoldsUpARequest() throws {
        let daemon = try DaemonHarness(label: "notify-full")
        try daemon.start()
        // Nobody reads the notify socket from now on: its queue fills after a few datagrams, and each reload sends a
        // status line. Every request must still be answered.
        for _ in 0..<40 {
            #expect(try daemon.connect().call(ReloadMethod.self, NoParams()).ok)
        }
        #expect(daemon.notify.queueIsFull(), "40 status lines unread must fill the notify queue")
        // The last reload is refused: its status is the newest, and replaces the ones still waiting to be sent.
        try "[schedule]\nevenning = \"21:00\"\n".write(toFile: daemon.configPath, atomically: true, encoding: .utf8)
        #expect(throws: RPCClientError.self) { try daemon.connect().call(ReloadMethod.self, NoParams()) }
        // The manager reads again, in order: the newest status arrives, and the stop is announced.
        #expect(daemon.notify.waitFor("STATUS=Serving; reload refused"))
        daemon.signal(SIGTERM)
        #expect(daemon.notify.waitFor("STOPPING=1"))
        #expect(daemon.waitForExit() == 0)
    }

    @Test func socketIsOwnerOnlyInAnOwnerOnlyFolder() throws {
        let daemon = try DaemonHarness(label: "perms")
        try daemon.start()
        let socketMode = try FileManager.default.attributesOfItem(atPath: daemon.socketPath)[.posixPermissions] as? Int
        let folderMode = try FileManager.default.attributesOfItem(atPath: daemon.folder + "/run")[.posixPermissions] as? Int
        #expect(socketMode == 0o600)
        #expect(folderMode == 0o700)
    }

    @Test func requestInFlightAtSIGTERMIsAnsweredBeforeExit() throws {
        let daemon = try DaemonHarness(label: "inflight")
        try daemon.start()
        let socketPath = daemon.socketPath
        let request = #"{"jsonrpc":"2.0","method":"debug.delay","params":{"milliseconds":1500},"id":9}"#
        let answer = Answer()
        let worker = Thread {
            answer.set(Result { try RPCConnection(socketPath: socketPath, timeoutSeconds: 20).exchange(Data(request.utf8)) })
        }
        worker.start()
        #expect(daemon.notify.waitFor("STATUS=debug.delay started"))
        daemon.signal(SIGTERM)
        #expect(daemon.notify.waitFor("STOPPING=1"))
        #expect(daemon.waitForExit() == 0)
        let reply = try #require(answer.wait()).get()
        let response = try JSONDecoder().decode(RPCResponse.self, from: reply)
        #expect(response.id == .number(9))
        #expect(response.result == ["delayedMilliseconds": 1500])
    }

    @Test func liveDaemonsSocketIsNotStolenBySecondDaemon() throws {
        let first = try DaemonHarness(label: "first")
        try first.start()
        let second = try first.runAgain(["--socket", first.socketPath, "--state-dir", first.folder + "/state2", "--config", "/dev/null"])
        #expect(second.status == 69)
        #expect(second.stderr.contains("another vigord is already serving on \(first.socketPath)"))
        #expect(try first.connect().call(StatusMethod.self, NoParams()).pid == first.pid)
    }

    @Test func secondDaemonOnTheSameStateFolderExits75NamingTheFirst() throws {
        let first = try DaemonHarness(label: "lockstate")
        try first.start()
        let otherSocket = first.folder + "/other/vigord.sock"
        let second = try first.runAgain(["--socket", otherSocket, "--state-dir", first.folder + "/state", "--config", first.configPath])
        #expect(second.status == 75)
        #expect(second.stderr.contains("another vigord (pid \(first.pid), socket \(first.socketPath))"))
        #expect(second.stderr.contains(first.folder + "/state"))
        #expect(second.stderr.contains(" critical [vigord] another vigord"), "the level and the label stay apart")
        #expect(!FileManager.default.fileExists(atPath: otherSocket))
        #expect(try first.connect().call(StatusMethod.self, NoParams()).pid == first.pid)
    }

    @Test func secondDaemonWritingTheSameCalendarExits75NamingTheFirst() throws {
        let first = try DaemonHarness(label: "lockcal")
        try first.start()
        let second = try first.runAgain(
            ["--socket", first.folder + "/other.sock", "--state-dir", first.folder + "/state2", "--config", first.configPath])
        #expect(second.status == 75)
        #expect(second.stderr.contains("another vigord (pid \(first.pid), socket \(first.socketPath)) is running on \(first.folder)/calendars"))
        #expect(!FileManager.default.fileExists(atPath: first.folder + "/state2/vigor.sqlite"))
    }

    @Test func staleSocketFromAKilledDaemonIsReplaced() throws {
        let crashed = try DaemonHarness(label: "stale")
        try crashed.start()
        crashed.signal(SIGKILL)
        _ = crashed.waitForExit()
        #expect(FileManager.default.fileExists(atPath: crashed.socketPath))
        let replacement = try crashed.relaunch()
        #expect(crashed.notify.waitFor("READY=1"))
        let status = try RPCConnection(socketPath: crashed.socketPath).call(StatusMethod.self, NoParams())
        #expect(status.pid == replacement.pid)
    }

    @Test func watchdogIsPingedWhenSystemdAsksForIt() throws {
        let daemon = try DaemonHarness(label: "watchdog", extraEnvironment: ["WATCHDOG_USEC": "400000"])
        try daemon.start()
        #expect(daemon.notify.waitFor("WATCHDOG=1", timeout: 10))
    }

    @Test func sighupReloadsTheConfiguration() throws {
        let daemon = try DaemonHarness(label: "sighup", config: "[schedule]\ntimezone = \"Europe/Berlin\"\n")
        try daemon.start()
        #expect(try daemon.connect().call(StatusMethod.self, NoParams()).timezone == "Europe/Berlin")
        try "[schedule]\ntimezone = \"America/New_York\"\n".write(toFile: daemon.configPath, atomically: true, encoding: .utf8)
        daemon.signal(SIGHUP)
        #expect(daemon.notify.waitFor("RELOADING=1"))
        #expect(daemon.notify.waitFor("STATUS=Serving; configuration reloaded"))
        let status = try daemon.connect().call(StatusMethod.self, NoParams())
        #expect(status.timezone == "America/New_York")
        #expect(status.lastReload?.ok == true)
    }

    @Test func invalidReloadKeepsTheOldConfigAndSaysWhy() throws {
        let daemon = try DaemonHarness(label: "badreload", config: "[schedule]\ntimezone = \"Europe/Berlin\"\n")
        try daemon.start()
        try "[schedule]\ntimezone = \"Europe/Berlin\"\nevenning = \"21:00\"\n".write(toFile: daemon.configPath, atomically: true, encoding: .utf8)
        do {
            _ = try daemon.connect().call(ReloadMethod.self, NoParams())
            Issue.record("an invalid file must not reload")
        } catch let error as RPCClientError {
            guard case .server(let failure) = error else {
                Issue.record("expected a server error, got \(error)")
                return
            }
            #expect(failure.code == -32001)
            #expect(failure.message.contains("config.toml:3: key 'schedule.evenning'"))
        }
        let status = try daemon.connect().call(StatusMethod.self, NoParams())
        #expect(status.timezone == "Europe/Berlin")
        #expect(status.lastReload?.ok == false)
    }

    @Test func invalidConfigStopsTheStartNamingFileLineAndKey() throws {
        let (folder, path, result) = try startVigord(withConfig: "[training]\nsessions_per_week = 3\nduration_minutes = \"long\"\n", label: "badconfig")
        #expect(result.status == 78)
        #expect(result.stderr.contains("\(path):3: key 'training.duration_minutes': must be an integer, got a string"))
        #expect(!FileManager.default.fileExists(atPath: folder + "/s.sock"))
    }

    @Test func checkConfigNamesFileLineAndKeyAndStartsNothing() throws {
        let folder = try makeScratchFolder("checkconfig")
        let path = folder + "/config.toml"
        try "[training]\nsessions_per_week = 3\nduration_minutes = \"long\"\n".write(toFile: path, atomically: true, encoding: .utf8)
        let invalid = try runCommand(Binaries.vigord, ["--check-config", "--config", path, "--state-dir", folder + "/state"])
        #expect(invalid.status == 78)
        #expect(invalid.stderr.contains("\(path):3: key 'training.duration_minutes': must be an integer, got a string"))
        try "[training]\nsessions_per_week = 3\n".write(toFile: path, atomically: true, encoding: .utf8)
        let valid = try runCommand(Binaries.vigord, ["--check-config", "--config", path, "--state-dir", folder + "/state"])
        #expect(valid.status == 0)
        #expect(valid.stdout.contains("\(path) is valid"))
        #expect(!FileManager.default.fileExists(atPath: folder + "/state"))
        let missing = try runCommand(Binaries.vigord, ["--check-config", "--config", folder + "/absent.toml"])
        #expect(missing.status == 78)
    }

    @Test func damagedDatabaseStopsTheStartWithRecoveryStepsAndIsKept() throws {
        let folder = try makeScratchFolder("baddb")
        try FileManager.default.createDirectory(atPath: folder + "/state", withIntermediateDirectories: true)
        let garbage = Data(repeating: 0x5A, count: 4096)
        try garbage.write(to: URL(fileURLWithPath: folder + "/state/vigor.sqlite"))
        let result = try runCommand(
            Binaries.vigord, ["--config", "/dev/null", "--socket", folder + "/s.sock", "--state-dir", folder + "/state"],
            environment: try TestNow.vigordEnvironment())
        #expect(result.status == 74)
        #expect(result.stderr.contains("is damaged"))
        #expect(try Data(contentsOf: URL(fileURLWithPath: folder + "/state/vigor.sqlite")) == garbage)
    }
}

/// A result handed from a worker thread to the test, waited on without sleeping.
final class Answer: Sendable {
    private let value = Mutex<Result<Data, any Error>?>(nil)
    private let done = DispatchSemaphore(value: 0)

    func set(_ result: Result<Data, any Error>) {
        value.withLock { $0 = result }
        done.signal()
    }

    func wait(timeout: Int = 30) -> Result<Data, any Error>? {
        guard done.wait(timeout: .now() + .seconds(timeout)) == .success else { return nil }
        return value.withLock { $0 }
    }
}

@Suite(.removesScratchFolders, .serialized) struct GhostPersistenceTests {
    @Test func manualTrustPhaseAndItsReceiptSurviveARestart() throws {
        let first = try DaemonHarness(label: "ghost", config: "[schedule]\ntimezone = \"Europe/Berlin\"\n")
        try first.start()
        let set = try runCommand(Binaries.vigorctl, ["trust", "set", "transformer", "--socket", first.socketPath])
        #expect(set.status == 0)
        first.signal(SIGTERM)
        #expect(first.waitForExit() == 0)

        try first.relaunch()
        #expect(first.notify.waitFor("READY=1"))
        let status = try RPCConnection(socketPath: first.socketPath).call(StatusMethod.self, NoParams())
        #expect(status.ghost.trustPhase == "transformer")
        #expect(status.ghost.pinnedByUser)
        let why = try runCommand(Binaries.vigorctl, ["why", "--socket", first.socketPath])
        #expect(why.status == 0)
        #expect(why.stdout.contains("You moved me to Transformer"))
    }

    @Test func unreadableEngineStateStopsTheStartAndIsKept() throws {
        let daemon = try DaemonHarness(label: "badghost")
        try daemon.start()
        daemon.signal(SIGTERM)
        #expect(daemon.waitForExit() == 0)
        let database = daemon.folder + "/state/vigor.sqlite"
        let tamper = try runCommand("/usr/bin/env", ["python3", "-c", "import sqlite3,sys; c=sqlite3.connect(sys.argv[1]); c.execute(\"UPDATE ghostState SET state=x'7b7d'\"); c.commit()", database])
        #expect(tamper.status == 0, "\(tamper.stderr)")
        let result = try daemon.runAgain(["--socket", daemon.socketPath, "--state-dir", daemon.folder + "/state", "--config", "/dev/null"])
        #expect(result.status == 74)
        #expect(result.stderr.contains("engine state"))
        let kept = try runCommand("/usr/bin/env", ["python3", "-c", "import sqlite3,sys; print(sqlite3.connect(sys.argv[1]).execute('SELECT hex(state) FROM ghostState').fetchone()[0])", database])
        #expect(kept.stdout.trimmingCharacters(in: .whitespacesAndNewlines) == "7B7D")
    }
}

@Suite(.removesScratchFolders, .serialized) struct CycleTests {
    @Test func daemonCatchesUpTodaysCycleAtStartAndTheTimerRunIsANoOp() throws {
        let daemon = try DaemonHarness(label: "cycle", config: "[schedule]\nmorning = \"00:00\"\nevening = \"23:59\"\n")
        try daemon.start()
        #expect(daemon.notify.waitFor(prefix: "STATUS=Serving; morning cycle ran for "))
        let again = try runCommand(Binaries.vigorctl, ["cycle", "morning", "--json", "--socket", daemon.socketPath])
        #expect(again.status == 0)
        let outcome = try JSONDecoder().decode(CycleOutcome.self, from: Data(again.stdout.utf8))
        #expect(!outcome.ran)
        #expect(outcome.summary.hasPrefix("already ran today"))
    }

    @Test func unknownCycleKindIsAUsageError() throws {
        let result = try runCommand(Binaries.vigorctl, ["cycle", "noon"])
        #expect(result.status == 64)
    }
}

@Suite(.removesScratchFolders, .serialized) struct RedButtonTests {
    @Test func crashingWithoutGuideBlocksTheCalendarAndStatusShowsIt() throws {
        let output = try makeScratchFolder("red-output")
        let daemon = try DaemonHarness(label: "red", config: "[calendar.output]\npath = \"\(output)\"\n")
        try daemon.start()
        let result = try runCommand(Binaries.vigorctl, ["crashing", "--minutes", "10", "--no-guide", "--socket", daemon.socketPath])
        #expect(result.status == 0)
        #expect(result.stdout.hasPrefix("Got it. Taking care of you.\n"))
        #expect(result.stdout.contains("Your calendar is blocked until"))
        #expect(result.stdout.contains("The rest of your week stays as it is."))
        let files = try FileManager.default.contentsOfDirectory(atPath: output + "/vigor").filter { $0.hasSuffix(".ics") }
        #expect(files.count == 1)
        let status = try runCommand(Binaries.vigorctl, ["status", "--socket", daemon.socketPath])
        // The end as the user reads it ("Sun 29 Nov 19:45"), not in the API's RFC 3339.
        let row = try #require(status.stdout.split(separator: "\n").first { $0.contains("Recovery Time until") }, "\(status.stdout)")
        #expect(row.contains(#/Recovery Time until \w{3} \d{1,2} \w{3} \d\d:\d\d: the Ghost is quiet/#), "\(row)")
    }

    @Test func ctrlCEndsTheBreathingGuideCleanly() throws {
        let daemon = try DaemonHarness(label: "breathe")
        try daemon.start()
        let pipe = Pipe()
        let process = try ChildProcess(
            executable: Binaries.vigorctl, arguments: ["crashing", "--minutes", "5", "--pattern", "4-7-8", "--socket", daemon.socketPath],
            standardOutput: .descriptor(pipe.fileHandleForWriting.fileDescriptor), newProcessGroup: true)
        try pipe.fileHandleForWriting.close()
        let seen = try pipe.read(until: "Breathe in for 4")
        #expect(seen.contains("Breathe in for 4 (round 1 of 6)"))
        process.signal(SIGINT)
        let rest = PipeReader(pipe)
        let end = try process.waitUntilExit(within: TestDeadline.seconds)
        let output = seen + String(decoding: try rest.wait(), as: UTF8.self)
        #expect(end == .exited(0))
        #expect(output.contains("Take care. Recovery Time runs until"))
        // The whole guide is six rounds of 19 s; Ctrl-C ended it: it never reached the last phase, however slow this run.
        #expect(!output.contains("Breathe out for 8 (round 6 of 6)"))
    }

    /// Started with Ctrl-C ignored (nohup, a script's `trap '' INT`), the guide leaves it ignored and goes on.
    @Test func aGuideStartedWithCtrlCIgnoredGoesOnAfterOne() throws {
        let daemon = try DaemonHarness(label: "breathe-nohup")
        try daemon.start()
        let pipe = Pipe()
        let process = try ChildProcess(
            executable: "/bin/sh",
            arguments: ["-c", #"trap '' INT; exec "$0" crashing --minutes 5 --pattern 4-7-8 --socket "$1""#, Binaries.vigorctl, daemon.socketPath],
            standardOutput: .descriptor(pipe.fileHandleForWriting.fileDescriptor), newProcessGroup: true)
        defer { process.stop() }
        try pipe.fileHandleForWriting.close()
        _ = try pipe.read(until: "Breathe in for 4 (round 1 of 6)")
        process.signal(SIGINT)
        // The next phase comes 4 s on: the guide was not ended.
        #expect(try pipe.read(until: "Hold for 7 (round 1 of 6)").contains("Hold for 7"))
        #expect(process.isRunning)
    }
}

/// Each story starts on a Tuesday evening, whose Wednesday gets a block on every week.
@Suite(.removesScratchFolders, .serialized) struct CalendarRepairTests {
    @Test func aBlockSavedButNeverWrittenReachesTheCalendarAtStart() throws {
        let output = try makeScratchFolder("repair-output")
        let config = "[schedule]\ntimezone = \"Europe/Berlin\"\nevening = \"23:59\"\n[calendar.output]\npath = \"\(output)\"\n"
        let first = try DaemonHarness(label: "repair", config: config, now: try TestNow.next(weekday: 3, hour: 19))
        try first.start()
        let socket = ["--socket", first.socketPath]
        #expect(try runCommand(Binaries.vigorctl, ["trust", "set", "scheduler"] + socket).status == 0)
        #expect(try runCommand(Binaries.vigorctl, ["cycle", "evening"] + socket).status == 0)
        let status = try first.connect().call(StatusMethod.self, NoParams())
        let proposal = try #require(status.plan.proposals.first?.id)
        let accepted = try runCommand(Binaries.vigorctl, ["accept", proposal] + socket)
        #expect(accepted.status == 0)
        // The answer says where the block now stands: "Accepted: the run is in your calendar on Wed 9 Dec at 07:00–07:45."
        let start = try #require(status.plan.proposals.first?.start.description)
        let day = try #require(Int(start.dropFirst(8).prefix(2)))
        #expect(accepted.stdout.contains("is in your calendar on Wed \(day) ") && accepted.stdout.contains(" at \(start.dropFirst(11).prefix(5))–"),
                "\(accepted.stdout)")
        let file = try #require(try blockFile(in: output + "/vigor", block: proposal))
        first.signal(SIGTERM)
        #expect(first.waitForExit() == 0)

        // As after a crash between the database commit and the calendar write: no file, no ledger entry.
        try FileManager.default.removeItem(atPath: file)
        try FileManager.default.removeItem(atPath: first.folder + "/state/vdir-ledger.json")

        try first.relaunch()
        #expect(first.notify.waitFor(prefix: "STATUS=Serving; calendar up to date (1 written)"))
        #expect(FileManager.default.fileExists(atPath: file))
    }

    @Test func anEmptiedDatabaseBesideWrittenBlocksStopsTheStartAndLeavesTheCalendar() throws {
        let output = try makeScratchFolder("emptied-output")
        let config = "[schedule]\ntimezone = \"Europe/Berlin\"\nevening = \"23:59\"\n[calendar.output]\npath = \"\(output)\"\n"
        let first = try DaemonHarness(label: "emptied", config: config, now: try TestNow.next(weekday: 3, hour: 19))
        try first.start()
        let socket = ["--socket", first.socketPath]
        #expect(try runCommand(Binaries.vigorctl, ["trust", "set", "scheduler"] + socket).status == 0)
        #expect(try runCommand(Binaries.vigorctl, ["cycle", "evening"] + socket).status == 0)
        let proposal = try #require(try first.connect().call(StatusMethod.self, NoParams()).plan.proposals.first?.id)
        #expect(try runCommand(Binaries.vigorctl, ["accept", proposal] + socket).status == 0)
        let file = try #require(try blockFile(in: output + "/vigor", block: proposal))
        first.signal(SIGTERM)
        #expect(first.waitForExit() == 0)

        // As a crash on some filesystems leaves it: the database file is there, with nothing in it.
        let database = first.folder + "/state/vigor.sqlite"
        for leftover in [database + "-wal", database + "-shm"] where FileManager.default.fileExists(atPath: leftover) {
            try FileManager.default.removeItem(atPath: leftover)
        }
        #expect(FileManager.default.createFile(atPath: database, contents: Data()))

        let result = try first.runAgain()
        #expect(result.status == 74)
        #expect(result.stderr.contains("is empty"))
        #expect(try Data(contentsOf: URL(fileURLWithPath: database)).isEmpty)
        #expect(FileManager.default.fileExists(atPath: file))
    }

    @Test func anEmptyDatabaseWithNoBlocksWrittenStartsAFreshGhost() throws {
        let first = try DaemonHarness(label: "empty-new")
        try FileManager.default.createDirectory(atPath: first.folder + "/state", withIntermediateDirectories: true)
        #expect(FileManager.default.createFile(atPath: first.folder + "/state/vigor.sqlite", contents: Data()))
        try first.start()
        #expect(try first.connect().call(StatusMethod.self, NoParams()).ghost.trustPhase == "observer")
    }
}
