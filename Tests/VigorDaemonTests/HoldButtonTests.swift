import Foundation
import GhostEngine
import GhostScheduling
import Logging
import Testing
import VigorRPC

@testable import VigorDaemon
@testable import VigorConfig

extension DesktopNotificationTests {
    /// Sunday 2026-11-22 20:00 Berlin.
    static let sunday20 = Date(timeIntervalSince1970: 1_795_374_000)

    /// A Scheduler in Berlin on Sunday 2026-11-22 at 20:00 under `config`: `before` runs first (workouts logged, …),
    /// then the evening and the weekly cycle, with the configuration's `[training]`.
    static func schedulerSunday(
        _ config: DaemonConfig = DaemonConfig(), before: (LocalAPI.Context) async throws -> Void = { _ in }
    ) async throws -> LocalAPI.Context {
        var config = config
        config.schedule.timezone = "Europe/Berlin"
        let context = try makeTestContext(config: config, now: sunday20)
        _ = try await context.ghost.perform(.manualPhaseChange(to: .scheduler), at: sunday20)
        try await before(context)
        let berlin = config.schedule.zone
        _ = try await context.backend.runCycle(.evening, now: sunday20, zone: berlin, training: config.training)
        _ = try await context.backend.runCycle(.weekly, now: sunday20.addingTimeInterval(60), zone: berlin, training: config.training)
        return context
    }

    /// Monday's proposal answered in the terminal, so Sunday's one notification is the weekly receipt.
    static func acceptMondayInTheTerminal(_ context: LocalAPI.Context) async throws -> BlockID {
        let monday = try #require(await context.ghost.current.blocks.first { $0.status == .proposed })
        _ = try await routerResult(ProposalAnswerMethod.self, #"{"block":"\#(monday.id.rawValue)","accept":true}"#, context)
        return monday.id
    }

    /// The desktop channel on `session`, answering through `context`'s backend, with Sunday's notifications settled on
    /// it at 20:02; stop it when the test ends.
    static func sundayOnTheDesktop(
        _ session: DesktopSession, _ context: LocalAPI.Context, _ answers: Answers
    ) async throws -> DesktopSink {
        let sink = try answeringSink(session, context, answers)
        await context.notifications.use([sink])
        await context.backend.settleNotifications(at: sunday20.addingTimeInterval(120))
        return sink
    }

    @Test func aSchedulersWeekIsHeldWhenTheWeeklyReceiptsHoldTheseButtonIsPressed() async throws {
        let session = try DesktopSession(server: true)
        defer { session.stop() }
        let context = try await Self.schedulerSunday()
        #expect(await context.output.holds.book.holds.isEmpty, "a Scheduler holds nothing before the yes")
        _ = try await Self.acceptMondayInTheTerminal(context)
        let answers = Answers()
        let sink = try await Self.sundayOnTheDesktop(session, context, answers)
        defer { sink.stop() }
        #expect(try session.open() == 1)
        let inbox = try await routerResult(InboxListMethod.self, "{}", context).entries
        let weekly = try #require(inbox.first { $0.kind == "weeklyReceipt" })
        #expect(weekly.body.hasSuffix("This week: Wed 07:00, Fri 07:00 — hold these? " + HoldQuestion.acceptanceSentence), "\(weekly.body)")

        try session.click(GhostMessages.holdWeekAction)
        try await answers.nextFinished()
        let menu = try session.lastMenu()
        #expect(menu.contains { $0.hasPrefix("#Hold these (Your week)") }, "\(menu)")
        #expect(answers.all == ["\(weekly.key) hold-week"])
        let holds = await context.output.holds.book.holds
        #expect(holds.count == 2)
        for hold in holds {
            #expect(FileManager.default.fileExists(atPath: try calendarFile(context, item: hold.itemID)))
        }
    }

    @Test func aSchedulersWeeklyYesFillsTheWeekWithBlocksAndAsksNothingMoreThatWeek() async throws {
        let session = try DesktopSession(server: true)
        defer { session.stop() }
        let context = try await Self.schedulerSunday()
        let berlin = try #require(TimeZone(identifier: "Europe/Berlin"))
        let monday = try await Self.acceptMondayInTheTerminal(context)
        let answers = Answers()
        let sink = try await Self.sundayOnTheDesktop(session, context, answers)
        defer { sink.stop() }
        #expect(try session.open() == 1)
        let weekly = try #require(try await routerResult(InboxListMethod.self, "{}", context).entries.first { $0.kind == "weeklyReceipt" })
        #expect(weekly.body.contains("This week: Wed 07:00, Fri 07:00 — hold these?"), "\(weekly.body)")
        try session.click(GhostMessages.holdWeekAction)
        try await answers.nextFinished()
        #expect(answers.all == ["\(weekly.key) hold-week"])
        _ = try session.run("dunstctl", ["close-all"])

        // The evenings Monday to Saturday: Tuesday's writes Wednesday 07:00 and Thursday's Friday 07:00, asking nothing.
        for day in 1...6 {
            let evening = Self.sunday20.addingTimeInterval(TimeInterval(day * 86_400 + 3_600))
            _ = try await context.backend.runCycle(.evening, now: evening, zone: berlin)
            await context.backend.settleNotifications(at: evening.addingTimeInterval(60))
        }
        let blocks = await context.ghost.current.blocks
        #expect(!blocks.contains { $0.status == .proposed }, "\(blocks.map { ($0.id, $0.status) })")
        let inbox = try await routerResult(InboxListMethod.self, "{}", context).entries
        #expect(!inbox.contains { $0.kind == "proposal" }, "\(inbox.map { ($0.kind, $0.title) })")
        #expect(try session.open() == 0, "dunst shows nothing new")
        // Written on their evenings; by Saturday their time has passed without a workout, so they count as missed.
        let accepted = blocks.filter { $0.id != monday }
        let wednesday = Self.sunday20.addingTimeInterval(2 * 86_400 + 11 * 3_600)
        #expect(accepted.map(\.start) == [wednesday, wednesday.addingTimeInterval(2 * 86_400)])
        for block in accepted {
            #expect(block.origin == .proposal && block.status == .missed, "\(block)")
            let file = try String(contentsOfFile: try calendarFile(context, item: block.id.rawValue), encoding: .utf8)
                .replacingOccurrences(of: "\r\n ", with: "")
            #expect(file.contains("without asking because you accepted this week's sessions on Sun 22 Nov."), "\(file)")
        }
    }
}

extension DesktopNotificationTests {
    @Test func aSchedulersSundayQuestionNamesMondaysProposalAndItsYesAcceptsItWithTheWeek() async throws {
        let session = try DesktopSession(server: true)
        defer { session.stop() }
        let context = try await Self.schedulerSunday()
        let monday = try #require(await context.ghost.current.blocks.first { $0.status == .proposed })

        let answers = Answers()
        let sink = try await Self.sundayOnTheDesktop(session, context, answers)
        defer { sink.stop() }
        // Sunday's one notification is the weekly question, Monday's session first; Monday is not asked on its own.
        #expect(try session.open() == 1)
        let inbox = try await routerResult(InboxListMethod.self, "{}", context).entries
        let weekly = try #require(inbox.first { $0.kind == "weeklyReceipt" })
        #expect(weekly.state == "delivered", "\(weekly)")
        #expect(weekly.body.contains("This week: Mon 07:00, Wed 07:00, Fri 07:00 — hold these?"), "\(weekly.body)")
        #expect(!inbox.contains { $0.kind == "proposal" }, "\(inbox.map { ($0.kind, $0.title) })")

        try session.click(GhostMessages.holdWeekAction)
        try await answers.nextFinished()
        #expect(await context.ghost.current.block(monday.id)?.status == .scheduled, "the yes accepted Monday's proposal")
        #expect(await context.output.holds.book.acceptance?.sessions.map(\.day.description) == ["2026-11-23", "2026-11-25", "2026-11-27"])
    }
}
