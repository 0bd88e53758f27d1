import CivilCalendar
import Foundation
import TestPrograms
import GhostEngine
import Logging
import Store
import Testing
import VigorRPC

@testable import VigorDaemon
@testable import VigorConfig

/// Monday 2026-11-23 10:00 Berlin.
private let monday10 = Date(timeIntervalSince1970: 1_795_424_400)

private func context(phase: TrustPhase = .scheduler) async throws -> LocalAPI.Context {
    var config = DaemonConfig()
    config.schedule.timezone = "Europe/Berlin"
    let context = try makeTestContext(config: config, now: monday10)
    _ = try await context.ghost.perform(.manualPhaseChange(to: phase), at: monday10)
    return context
}

/// A proposal for Tuesday 07:00 Berlin.
private func propose(_ context: LocalAPI.Context) async throws {
    _ = try await context.ghost.perform(
        .placementRequested(BlockCandidate(start: monday10.addingTimeInterval(21 * 3600), durationMinutes: 45, confidence: 0.5),
                            alternatives: []), at: monday10)
}

/// A shell script as the `[notify] command`: `body` runs with the notification on stdin.
private func script(_ body: String) throws -> (arguments: [String], folder: String) {
    let folder = try ScratchFolder.make("notify")
    return (["sh", "-c", body, "hook", folder], folder)
}

@Test(.removesScratchFolders) func aProposalGoesToTheCommandAsJSONAndShowsInTheInbox() async throws {
    let context = try await context()
    try await propose(context)
    let hook = try script(#"cat > "$1/received.json""#)
    await context.notifications.use([CommandSink(arguments: hook.arguments, timeout: .seconds(30))])
    await context.backend.settleNotifications(at: monday10)
    let received = try String(contentsOfFile: hook.folder + "/received.json", encoding: .utf8)
    let payload = try JSONSerialization.jsonObject(with: Data(received.utf8)) as? [String: Any]
    #expect(payload?["kind"] as? String == "proposal")
    #expect(payload?["title"] as? String == "Tue 07:00 workout?")
    let inbox = try await routerResult(InboxListMethod.self, "{}", context).entries
    #expect(inbox.map(\.state) == ["delivered"])
    #expect(inbox.first?.actions.map(\.command) == ["vigorctl accept b1", "vigorctl decline b1"])
}

@Test(.removesScratchFolders) func answeringInTheTerminalSettlesTheInboxEntry() async throws {
    let context = try await context()
    try await propose(context)
    await context.notifications.settle(now: monday10, rules: NotificationRules())
    _ = try await routerResult(ProposalAnswerMethod.self, #"{"block":"b1","accept":true}"#, context)
    await context.notifications.settle(now: monday10.addingTimeInterval(60), rules: NotificationRules())
    #expect(try await routerResult(InboxListMethod.self, "{}", context).entries.map(\.state) == ["settled"])
}

@Test(.removesScratchFolders) func inQuietHoursTheInboxSaysWhyNothingWasSent() async throws {
    let context = try await context()
    try await propose(context)
    let late = monday10.addingTimeInterval(12 * 3600)  // 22:00 Berlin
    await context.notifications.settle(now: late, rules: NotificationRules())
    let entry = try #require(try await routerResult(InboxListMethod.self, "{}", context).entries.first)
    #expect(entry.state == "heldBack")
    #expect(entry.reason == "held back: quiet hours until 07:00")
}

@Test(.removesScratchFolders) func aHookThatHangsIsKilledAtItsTimeoutAndCountedByGhostHealth() async throws {
    let context = try await context()
    try await propose(context)
    // `tail -f` on a file in the hook's folder never ends, and its command line names that folder: whether `sh` got as
    // far as the `exec` within the timeout or not, no process naming the folder may be left once the desk is done.
    let hook = try script(#"exec tail -f "$1/never-ends""#)
    FileManager.default.createFile(atPath: hook.folder + "/never-ends", contents: nil)
    await context.notifications.use([CommandSink(arguments: hook.arguments, timeout: .seconds(1))])
    await context.backend.settleNotifications(at: monday10)
    // The desk waited for the kill: the process is gone and reaped.
    #expect(try processesLeft(naming: hook.folder).isEmpty)
    #expect(await context.ghost.current.ghostHealth.failures == 1)
    let entry = try #require(try await routerResult(InboxListMethod.self, "{}", context).entries.first)
    #expect(entry.reason.hasSuffix("did not finish within 1.0 seconds and was killed"), "\(entry.reason)")
}

/// The ids of running processes whose command line contains `text` (zombies have none: they are reaped or gone).
private func processes(naming text: String) throws -> [String] {
    try FileManager.default.contentsOfDirectory(atPath: "/proc").filter { $0.allSatisfy(\.isNumber) }.filter { pid in
        guard let line = FileManager.default.contents(atPath: "/proc/\(pid)/cmdline") else { return false }
        return String(decoding: line, as: UTF8.self).contains(text)
    }
}

/// The processes naming `text` once each has exited, or those still running after `seconds`: a killed process leaves
/// when the kernel next runs it, which on a loaded machine (and at `nice 19`) is not at once.
private func processesLeft(naming text: String, within seconds: Int = 30) throws -> [String] {
    for pid in try processes(naming: text) {
        guard let id = pid_t(pid) else { continue }
        _ = processExits(id, within: seconds)
    }
    return try processes(naming: text)
}

@Test(.removesScratchFolders) func aFailingHookIsCountedOnceAndNeverBlocksTheInbox() async throws {
    let context = try await context()
    try await propose(context)
    let hook = try script(#"echo "no network" >&2; exit 3"#)
    await context.notifications.use([CommandSink(arguments: hook.arguments, timeout: .seconds(30))])
    await context.backend.settleNotifications(at: monday10)
    let entry = try #require(try await routerResult(InboxListMethod.self, "{}", context).entries.first)
    #expect(entry.state == "delivered")
    #expect(entry.reason == "the command failed: sh -c echo \"no network\" >&2; exit 3 hook \(hook.folder) exited with 3: no network")
    #expect(await context.ghost.current.ghostHealth.failures == 1)
}

@Test(.removesScratchFolders) func aHookThatWritesMoreThanASocketHoldsStillEndsAndOnlyItsFirstFourKilobytesAreKept() async throws {
    let context = try await context()
    try await propose(context)
    // 300 000 bytes is more than a pipe or socket buffer holds: unless vigord reads as the program writes, the
    // program blocks and is killed at the timeout instead of exiting with its own status.
    let hook = try script(#"head -c 300000 /dev/zero | tr '\0' x >&2; exit 4"#)
    await context.notifications.use([CommandSink(arguments: hook.arguments, timeout: .seconds(30))])
    await context.backend.settleNotifications(at: monday10)
    let entry = try #require(try await routerResult(InboxListMethod.self, "{}", context).entries.first)
    #expect(entry.reason.hasSuffix("exited with 4: " + String(repeating: "x", count: 4096)), "\(entry.reason.suffix(80))")
}

@Test(.removesScratchFolders) func aHookWhoseChildKeepsItsErrorOutputOpenIsReportedWhenTheHookExitsAndTheChildIsKilled() async throws {
    let context = try await context()
    try await propose(context)
    // The background `tail` inherits stderr and outlives the hook: the error output never reaches its end, so the
    // report must come from the hook's exit, with what it said before.
    let hook = try script(#"tail -f "$1/never-ends" & echo "no network" >&2; exit 3"#)
    FileManager.default.createFile(atPath: hook.folder + "/never-ends", contents: nil)
    defer { for pid in (try? processes(naming: hook.folder)) ?? [] { kill(pid_t(pid)!, SIGKILL) } }
    await context.notifications.use([CommandSink(arguments: hook.arguments, timeout: .seconds(30))])
    await context.backend.settleNotifications(at: monday10)
    let entry = try #require(try await routerResult(InboxListMethod.self, "{}", context).entries.first)
    #expect(entry.reason.hasSuffix("exited with 3: no network"), "\(entry.reason)")
    // What it left running in its process group went with it.
    #expect(try processesLeft(naming: hook.folder).isEmpty)
}

@Test(.removesScratchFolders, .timeLimit(.minutes(10))) func aHookWhoseChildNeverStopsWritingErrorOutputIsStillReportedAndIsKilled() async throws {
    let context = try await context()
    try await propose(context)
    // A child that writes to stderr without pause keeps bytes waiting at every read: reading "until nothing is left"
    // would never end, and the desk would wait forever on a hook that exited long ago. It runs at the lowest
    // priority, so it cannot starve the tests running beside it. The limit catches that hang, not slowness: on two
    // loaded cores the whole suite runs over eight minutes, and this test waits its turn for most of it, so it gets
    // the suite's 10 minutes like the other limited tests.
    let hook = try script(#"nice -n 19 yes "$1" >&2 & exit 3"#)
    defer { for pid in (try? processes(naming: hook.folder)) ?? [] { kill(pid_t(pid)!, SIGKILL) } }
    await context.notifications.use([CommandSink(arguments: hook.arguments, timeout: .seconds(30))])
    await context.backend.settleNotifications(at: monday10)
    let entry = try #require(try await routerResult(InboxListMethod.self, "{}", context).entries.first)
    #expect(entry.reason.contains("\(hook.folder) exited with 3:"), "\(entry.reason.prefix(300))")
    #expect(try processesLeft(naming: hook.folder).isEmpty)
}

@Test(.removesScratchFolders) func withNoChannelTheInboxSaysTheMessageIsOnlyThere() async throws {
    let context = try await context()
    try await propose(context)
    await context.notifications.settle(now: monday10, rules: NotificationRules())
    let entry = try #require(try await routerResult(InboxListMethod.self, "{}", context).entries.first)
    #expect(entry.reason == "today's message, in this inbox only: no notification channel is set up ([notify] command)")
}

@Test(.removesScratchFolders) func theNextTurnIsTheEndOfQuietHoursInTheUsersZone() {
    let zone = TimeZone(identifier: "Europe/Berlin")!
    let night = monday10.addingTimeInterval(19 * 3600)  // Tuesday 05:00 Berlin
    #expect(NotificationService.untilNextTurn(after: night, zone: zone, rules: NotificationRules()) == .seconds(3600))
    let beforeQuiet = monday10.addingTimeInterval(11 * 3600 + 20 * 60)  // 21:20
    #expect(NotificationService.untilNextTurn(after: beforeQuiet, zone: zone, rules: NotificationRules()) == .seconds(600))
}

@Test(.removesScratchFolders) func aPurgeEmptiesTheInbox() async throws {
    let context = try await context()
    try await propose(context)
    await context.notifications.settle(now: monday10, rules: NotificationRules())
    _ = try await routerResult(DataPurgeMethod.self, #"{"confirm":true}"#, context)
    #expect(try await routerResult(InboxListMethod.self, "{}", context).entries.isEmpty)
    #expect(try context.database.notificationLedger(as: NotificationLedger.self) == nil)
}

@Test(.removesScratchFolders) func theCommandStartsWithNoSignalBlocked() async throws {
    let context = try await context()
    try await propose(context)
    // A program that starts with signals blocked could not be stopped with SIGTERM by its user.
    let hook = try script(#"grep -E '^SigBlk' /proc/self/status > "$1/mask""#)
    await context.notifications.use([CommandSink(arguments: hook.arguments, timeout: .seconds(30))])
    await context.backend.settleNotifications(at: monday10)
    let mask = try String(contentsOfFile: hook.folder + "/mask", encoding: .utf8)
    #expect(mask.trimmingCharacters(in: .whitespacesAndNewlines) == "SigBlk:\t0000000000000000")
}

@Test(.removesScratchFolders) func withoutANightFromAnyDeviceTheMorningAsksSleptWellAndTheAnswerIsACheckIn() async throws {
    let context = try await context(phase: .observer)
    _ = try await context.backend.runCycle(.evening, now: monday10.addingTimeInterval(-12 * 3600), zone: TimeZone(identifier: "Europe/Berlin")!)
    _ = try await context.backend.runCycle(.morning, now: monday10, zone: TimeZone(identifier: "Europe/Berlin")!)
    await context.notifications.settle(now: monday10, rules: NotificationRules())
    let asked = try #require(await context.notifications.inbox.first)
    #expect(asked.message.key == "checkin:2026-11-23" && asked.message.kind == .checkIn)
    #expect(asked.message.actions.map(\.command) == ["vigorctl checkin --felt good", "vigorctl checkin --felt tired"])
    try await context.backend.answer(asked.message, action: "slept-badly", at: context.now())
    #expect(try context.database.checkIns(from: LocalDay(year: 2026, month: 11, day: 23), through: LocalDay(year: 2026, month: 11, day: 23)).map(\.felt) == [.tired])
    #expect(try await routerResult(InboxListMethod.self, "{}", context).entries.map(\.state) == ["settled"])
}

@Test(.removesScratchFolders) func onTheFirstDayVigordPlansTheMorningAsksNothingAndTheFirstProposalIsTheDaysMessage() async throws {
    let context = try await context()
    // Installed on Monday morning: the catch-up morning cycle is the first cycle vigord ever ran.
    _ = try await context.backend.runCycle(.morning, now: monday10, zone: TimeZone(identifier: "Europe/Berlin")!)
    await context.notifications.settle(now: monday10, rules: NotificationRules())
    #expect(await context.notifications.inbox.isEmpty)
    // Setup's first plan, a minute later, proposes; it is the day's one message and goes out at once.
    try await propose(context)
    await context.notifications.settle(now: monday10.addingTimeInterval(60), rules: NotificationRules())
    #expect(await context.notifications.inbox.map(\.message.kind) == [.proposal])
    #expect(try await routerResult(InboxListMethod.self, "{}", context).entries.map(\.state) == ["delivered"])
}

@Test(.removesScratchFolders) func aNightFromADeviceOrAnAfternoonAsksNothing() async throws {
    let context = try await context(phase: .observer)
    _ = try await context.backend.runCycle(.evening, now: monday10.addingTimeInterval(-12 * 3600), zone: TimeZone(identifier: "Europe/Berlin")!)
    _ = try await context.backend.runCycle(.morning, now: monday10, zone: TimeZone(identifier: "Europe/Berlin")!)
    await context.notifications.settle(now: monday10.addingTimeInterval(3 * 3600), rules: NotificationRules())
    #expect(await context.notifications.inbox.isEmpty)
    _ = try context.database.insertHealthSamples([
        HealthSample(kind: .sleep, source: "band", start: monday10.addingTimeInterval(-10 * 3600),
                     end: monday10.addingTimeInterval(-3 * 3600), value: 420, detail: "asleep")
    ])
    await context.notifications.settle(now: monday10, rules: NotificationRules())
    #expect(await context.notifications.inbox.isEmpty)
}

@Test(.removesScratchFolders) func aCommandThatExitsWithoutReadingItsInputIsAFailureNotASignal() async throws {
    let sink = CommandSink(arguments: ["sh", "-c", "exec 0<&-; exit 4"], timeout: .seconds(30))
    for _ in 0..<20 {
        await #expect(throws: NotificationError.self) {
            try await sink.deliver(GhostMessage(key: "k", kind: .apology, title: "t", body: String(repeating: "b", count: 300_000)), alsoWaiting: 0)
        }
    }
}

/// No quiet hours: these tests look at the budget alone.
private let alwaysAwake: NotificationRules = {
    var rules = NotificationRules()
    rules.quietFrom = TimeOfDay(hour: 0, minute: 0)
    rules.quietUntil = TimeOfDay(hour: 0, minute: 0)
    return rules
}()

/// Two proposals waiting at `now`, in `zone`; the context in that zone.
private func twoProposals(zone: String, now: Date) async throws -> LocalAPI.Context {
    var config = DaemonConfig()
    config.schedule.timezone = zone
    let context = try makeTestContext(config: config, now: now)
    _ = try await context.ghost.perform(.manualPhaseChange(to: .scheduler), at: now)
    for days in [2.0, 3.0] {
        _ = try await context.ghost.perform(
            .placementRequested(BlockCandidate(start: now.addingTimeInterval(days * 86_400), durationMinutes: 45, confidence: 0.5),
                                alternatives: []), at: now)
    }
    return context
}

private func states(_ context: LocalAPI.Context) async throws -> [String] {
    try await routerResult(InboxListMethod.self, "{}", context).entries.map(\.state).sorted()
}

@Test(.removesScratchFolders) func theBudgetRenewsAtLocalMidnightEvenWhereTheUTCDateHasNotChanged() async throws {
    // Monday 2026-11-23 23:30 in Auckland (+13:00) is 10:30 UTC; its midnight is 11:00 UTC, the same UTC date.
    let lateMonday = Date(timeIntervalSince1970: 1_795_429_800)
    let context = try await twoProposals(zone: "Pacific/Auckland", now: lateMonday)
    await context.notifications.settle(now: lateMonday, rules: alwaysAwake)
    #expect(try await states(context) == ["delivered", "heldBack"])
    await context.notifications.settle(now: lateMonday.addingTimeInterval(20 * 60), rules: alwaysAwake)  // 23:50
    #expect(try await states(context) == ["delivered", "heldBack"])
    await context.notifications.settle(now: lateMonday.addingTimeInterval(40 * 60), rules: alwaysAwake)  // Tuesday 00:10
    #expect(try await states(context) == ["delivered", "delivered"])
}

@Test(.removesScratchFolders) func theApologyIsNewsForADayAndStaysInStatusForAWeek() async throws {
    let context = try await context()
    let ghost = await context.ghost.current
    let zone = try #require(TimeZone(identifier: "Europe/Berlin"))
    for (hours, notified, shown) in [(23.0, true, true), (25.0, false, true), (6 * 24 + 23.0, false, true), (7 * 24 + 1.0, false, false)] {
        let fired = monday10.addingTimeInterval(-hours * 3600)
        let messages = GhostMessages.pending(ghost: ghost, now: monday10, breakerFiredAt: fired)
        #expect(messages.contains { $0.kind == .apology && $0.body == SafetyBreaker.apology } == notified, "\(hours) h after")
        #expect((PlanStatus(ghost: ghost, zone: zone, now: monday10, lastBreakerFiredAt: fired).apology != nil) == shown, "\(hours) h after")
    }
}

@Test(.removesScratchFolders) func newsThatCannotChangeAnythingStaysInTheInboxAndLeavesTheDaysNotification() async throws {
    let context = try await context()
    // Two failures degrade the Ghost, three good runs make it healthy again: "Everything is running normally again."
    for minutes in [-120.0, -119] {
        _ = try await context.ghost.perform(.backgroundFailed(.calendarWriteFailed), at: monday10.addingTimeInterval(minutes * 60))
    }
    for minutes in [-60.0, -59, -58] {
        _ = try await context.ghost.perform(.backgroundSucceeded, at: monday10.addingTimeInterval(minutes * 60))
    }
    #expect(await context.ghost.current.ghostHealth.lastChange?.to == .healthy)
    let hook = try script(#"cat >> "$1/received.json""#)
    await context.notifications.use([CommandSink(arguments: hook.arguments, timeout: .seconds(30))])
    await context.backend.settleNotifications(at: monday10)
    #expect(!FileManager.default.fileExists(atPath: hook.folder + "/received.json"))
    let inbox = try await routerResult(InboxListMethod.self, "{}", context).entries
    #expect(inbox.map(\.kind) == ["ghostHealth"])
    #expect(inbox.first?.state == "heldBack")
    #expect(inbox.first?.reason == "in the inbox only: nothing to answer")
    // The day's one notification is still there for a proposal.
    try await propose(context)
    await context.backend.settleNotifications(at: monday10.addingTimeInterval(60))
    let received = try String(contentsOfFile: hook.folder + "/received.json", encoding: .utf8)
    #expect(received.contains("\"proposal\""))
}
