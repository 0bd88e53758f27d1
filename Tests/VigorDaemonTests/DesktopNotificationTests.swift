import Foundation
import TestPrograms
import GhostEngine
import Logging
import Synchronization
import Testing
import VigorRPC

@testable import VigorDaemon
@testable import VigorConfig

/// Desktop notifications against a real notification server: dunst on a private session bus under Xvfb.
@Suite(.removesScratchFolders, .serialized, .enabled(if: DesktopSession.available || DesktopSession.required, "needs \(DesktopSession.tools.joined(separator: ", ")) (Scripts/bootstrap installs them)"))
struct DesktopNotificationTests {
    /// Monday 2026-11-23 10:00 Berlin.
    static let monday10 = Date(timeIntervalSince1970: 1_795_424_400)

    /// A private desktop and a Scheduler-phase daemon context whose notifications go to it; a button answers
    /// through the local API, as the daemon does.
    static func desktop(server: Bool = true) async throws -> (DesktopSession, LocalAPI.Context, DesktopSink, answers: Answers) {
        let session = try DesktopSession(server: server)
        var config = DaemonConfig()
        config.schedule.timezone = "Europe/Berlin"
        let context = try makeTestContext(config: config, now: monday10)
        _ = try await context.ghost.perform(.manualPhaseChange(to: .scheduler), at: monday10)
        let answers = Answers()
        let sink = try answeringSink(session, context, answers)
        await context.notifications.use([sink])
        return (session, context, sink, answers)
    }

    /// Proposes a 45-minute block `hours` after Monday 10:00.
    static func propose(_ context: LocalAPI.Context, hoursLater hours: Double) async throws {
        _ = try await context.ghost.perform(
            .placementRequested(BlockCandidate(start: monday10.addingTimeInterval(hours * 3600), durationMinutes: 45, confidence: 0.5),
                                alternatives: []), at: monday10)
    }

    @Test func aProposalAcceptedFromTheNotificationBecomesABlockInTheVdir() async throws {
        let (session, context, sink, answers) = try await Self.desktop()
        defer { sink.stop(); session.stop() }
        try await Self.propose(context, hoursLater: 21)
        await context.notifications.settle(now: Self.monday10, rules: NotificationRules())
        #expect(try session.open() == 1)

        // The answer is done, calendar written, when the button's handler returns (the Ghost's change comes earlier).
        try session.click("accept")
        try await answers.nextFinished()
        #expect(try session.lastMenu().contains { $0.hasPrefix("#Yes (Tue 07:00 workout?)") })
        #expect(try session.lastMenu().contains { $0.hasPrefix("#No (Tue 07:00 workout?)") })
        #expect(answers.all == ["proposal:b1:1795500000 accept"])
        #expect(await context.ghost.current.block(BlockID(rawValue: "b1"))?.status == .scheduled)
        let written = try FileManager.default.contentsOfDirectory(atPath: context.output.collection)
        #expect(written.contains { $0.hasSuffix(".ics") })

        // Answered, the message leaves the desktop: withdrawn with CloseNotification, so dunst files it in history.
        await context.notifications.settle(now: Self.monday10.addingTimeInterval(60), rules: NotificationRules())
        #expect(try session.open() == 0)
        let history = try session.history()
        #expect(history.map(\.summary) == ["Tue 07:00 workout?"])
        #expect(history.first?.app == "vigord")
        #expect(try await routerResult(InboxListMethod.self, "{}", context).entries.map(\.state) == ["settled"])
    }

    @Test func aSignalFromAnotherBusClientAnswersNothing() async throws {
        let (session, context, sink, answers) = try await Self.desktop()
        defer { sink.stop(); session.stop() }
        try await Self.propose(context, hoursLater: 21)
        await context.notifications.settle(now: Self.monday10, rules: NotificationRules())

        // A forged "decline" first, then the user's real "accept": answers run in order, so had the forged one
        // counted, it would have declined the block before the click arrived.
        let seen = context.ghost.changes.changesSoFar
        let id = try #require(sink.notificationID(of: "proposal:b1:1795500000"))
        try session.forgeAction(id: id, action: "decline")
        try session.click("accept")
        await context.ghost.changes.change(after: seen)
        #expect(answers.all == ["proposal:b1:1795500000 accept"])
        #expect(await context.ghost.current.block(BlockID(rawValue: "b1"))?.status == .scheduled)
    }

    @Test func aTriageAnswerFromAButtonReachesTheEngine() async throws {
        let (session, context, sink, _) = try await Self.desktop()
        defer { sink.stop(); session.stop() }
        try await Self.propose(context, hoursLater: 21)
        _ = try await routerResult(ProposalAnswerMethod.self, #"{"block":"b1","accept":true}"#, context)
        let tuesday10 = Self.monday10.addingTimeInterval(24 * 3600)
        _ = try await context.ghost.perform(.tick, at: tuesday10)
        #expect(await context.ghost.current.triage.openQuestion?.block == BlockID(rawValue: "b1"))
        // The acceptance on Monday was not notified (no message waited then); Tuesday has its own budget.
        await context.notifications.settle(now: tuesday10, rules: NotificationRules())

        let seen = context.ghost.changes.changesSoFar
        try session.click("bad-time")
        await context.ghost.changes.change(after: seen)
        let ghost = await context.ghost.current
        #expect(ghost.triage.openQuestion == nil)
        #expect(ghost.triage.rejections.count == 1)
        #expect(try session.lastMenu().count == 3)
        // The buttons show only their titles; the body carries the seed's subtitles.
        await context.notifications.settle(now: tuesday10.addingTimeInterval(60), rules: NotificationRules())
        let shown = try #require(try session.history().first { $0.summary.hasPrefix("Missed your") })
        #expect(shown.body.contains("Bad time — Schedule differently") && shown.body.contains("Just today — Time was fine"), "\(shown.body)")
    }

    @Test func theDailyBudgetHoldsTheSecondProposalForTomorrowAndItReplacesTheFirst() async throws {
        let (session, context, sink, _) = try await Self.desktop()
        defer { sink.stop(); session.stop() }
        try await Self.propose(context, hoursLater: 45)  // Wednesday 07:00
        try await Self.propose(context, hoursLater: 69)  // Thursday 07:00
        await context.notifications.settle(now: Self.monday10, rules: NotificationRules())
        #expect(try session.open() == 1)
        let held = try await routerResult(InboxListMethod.self, "{}", context).entries
        #expect(held.map(\.state) == ["heldBack", "delivered"])

        await context.notifications.settle(now: Self.monday10.addingTimeInterval(3 * 3600), rules: NotificationRules())
        #expect(try session.open() == 1)
        await context.notifications.settle(now: Self.monday10.addingTimeInterval(24 * 3600), rules: NotificationRules())
        // Tuesday's one notification replaced Monday's on screen rather than stacking beside it.
        #expect(try session.open() == 1)
        let seen = context.ghost.changes.changesSoFar
        try session.click("decline")
        await context.ghost.changes.change(after: seen)
        #expect(try session.lastMenu().allSatisfy { $0.contains("Thu 07:00") })
        #expect(await context.ghost.current.block(BlockID(rawValue: "b2"))?.status == .declined)
    }

    @Test func inQuietHoursNothingReachesTheDesktopUntilMorning() async throws {
        let (session, context, sink, _) = try await Self.desktop()
        defer { sink.stop(); session.stop() }
        try await Self.propose(context, hoursLater: 45)
        let monday22 = Self.monday10.addingTimeInterval(12 * 3600)
        await context.notifications.settle(now: monday22, rules: NotificationRules())
        #expect(try session.open() == 0)
        await context.notifications.settle(now: monday22.addingTimeInterval(8 * 3600 + 59 * 60), rules: NotificationRules())
        #expect(try session.open() == 0)
        await context.notifications.settle(now: monday22.addingTimeInterval(9 * 3600), rules: NotificationRules())
        #expect(try session.open() == 1)
    }

    @Test func aBusWithoutANotificationServerIsAFailedDeliveryNotACrash() async throws {
        let (session, context, sink, _) = try await Self.desktop(server: false)
        defer { sink.stop(); session.stop() }
        try await Self.propose(context, hoursLater: 21)
        await context.backend.settleNotifications(at: Self.monday10)
        let entry = try #require(try await routerResult(InboxListMethod.self, "{}", context).entries.first)
        #expect(entry.reason.hasPrefix("the desktop failed: Notify failed"))
        #expect(await context.ghost.current.ghostHealth.failures == 1)
    }
}

@Test(.removesScratchFolders) func withoutASessionBusThereIsNoDesktopAndTheLogSaysWhy() {
    let log = CapturedLog()
    let desktop = NotificationSinks.desktop(environment: ["XDG_RUNTIME_DIR": "/nonexistent"], logger: log.logger) { _, _ in }
    #expect(desktop == nil)
    #expect(log.entries.map(\.message).contains { $0.contains("no session bus") && $0.contains("user unit") })
    #expect(NotificationSinks.make(DaemonConfig.NotifySection(), desktop: nil).isEmpty)
}

@Test(.removesScratchFolders) func aSessionBusIsFoundWhereSystemdKeepsIt() throws {
    let folder = try ScratchFolder.make("runtime")
    #expect(DesktopBus.sessionAddress(environment: ["XDG_RUNTIME_DIR": folder]) == nil)
    let socket = Glibc.socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
    defer { Glibc.close(socket) }
    var address = sockaddr_un()
    address.sun_family = sa_family_t(AF_UNIX)
    withUnsafeMutableBytes(of: &address.sun_path) { $0.copyBytes(from: Array((folder + "/bus").utf8)) }
    let bound = withUnsafePointer(to: &address) {
        $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(socket, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
    }
    #expect(bound == 0)
    #expect(DesktopBus.sessionAddress(environment: ["XDG_RUNTIME_DIR": folder]) == "unix:path=\(folder)/bus")
    #expect(DesktopBus.sessionAddress(environment: ["DBUS_SESSION_BUS_ADDRESS": "unix:path=/x", "XDG_RUNTIME_DIR": folder]) == "unix:path=/x")
}

/// A desktop sink on `session`'s bus whose buttons answer through `context`'s backend, as vigord's do, each answer (or
/// its refusal) recorded in `answers`.
func answeringSink(_ session: DesktopSession, _ context: LocalAPI.Context, _ answers: Answers) throws -> DesktopSink {
    try DesktopSink(address: session.address, logger: Logger(label: "test")) { message, action in
        answers.record(message.key, action)
        do {
            try await context.backend.answer(message, action: action, at: context.now())
        } catch {
            answers.record(message.key, "refused: \(error)")
        }
        answers.finishOne()
    }
}

/// The answers a desktop sink gave, in order ("key action").
final class Answers: Sendable {
    private let list = Mutex<[String]>([])

    func record(_ key: String, _ action: String) {
        list.withLock { $0.append("\(key) \(action)") }
    }

    var all: [String] { list.withLock { $0 } }

    /// Signalled once for each handler that returned.
    private let finished = DispatchSemaphore(value: 0)

    /// Called when a button's handler has returned.
    func finishOne() {
        finished.signal()
    }

    /// Waits until the next button's handler has returned; past `seconds` (a click dunst never passed on) it throws,
    /// so the test fails instead of hanging the run. The wait blocks a thread of its own, never the async pool.
    func nextFinished(within seconds: Int = 60) async throws {
        let finished = finished
        let arrived = await withCheckedContinuation { continuation in
            DispatchQueue.global().async { continuation.resume(returning: finished.wait(timeout: .now() + .seconds(seconds)) == .success) }
        }
        guard arrived else { throw DeadlineMissed("no button's handler returned within \(seconds) s") }
    }
}
