import CivilCalendar
import Foundation
import GhostEngine
import Logging
import Synchronization
import Testing
import VigorRPC

@testable import VigorDaemon
@testable import VigorConfig

/// A new user without a wearable, four sessions a week between 06:30 and 08:30, quiet hours until 07:00: the
/// proposal for Monday 06:30 must reach the desktop on Sunday evening, although Sunday's 07:00 check-in went out: as
/// the first session the weekly question names, whose one yes accepts it with the week.
@Suite(.removesScratchFolders, .serialized, .enabled(if: DesktopSession.available || DesktopSession.required, "needs \(DesktopSession.tools.joined(separator: ", ")) (Scripts/bootstrap installs them)"))
struct EveningProposalDesktopTests {
    static let berlin = TimeZone(identifier: "Europe/Berlin") ?? .gmt

    /// `hour:minute` in Berlin, `days` days after the first Sunday 06:00 after the test instant.
    static func story(_ days: Int, _ hour: Int, _ minute: Int = 0) throws -> Date {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = berlin
        guard let sunday = calendar.nextDate(
                after: try TestNow.instant, matching: DateComponents(hour: 6, minute: 0, second: 0, weekday: 1), matchingPolicy: .nextTime),
              let day = calendar.date(byAdding: .day, value: days, to: calendar.startOfDay(for: sunday)),
              let time = calendar.date(bySettingHour: hour, minute: minute, second: 0, of: day)
        else { throw DesktopSessionError("no Sunday after the test instant") }
        return time
    }

    @Test func theProposalForA0630BlockReachesDunstTheEveningBeforeInTheWeeklyQuestion() async throws {
        let session = try DesktopSession()
        defer { session.stop() }
        var config = DaemonConfig()
        config.schedule.timezone = "Europe/Berlin"
        config.training.sessionsPerWeek = 4
        config.training.preferred = [TimeWindow(from: TimeOfDay(hour: 6, minute: 30), to: TimeOfDay(hour: 8, minute: 30))]
        #expect(config.notify.rules.quietUntil == TimeOfDay(hour: 7, minute: 0))
        let saturdayEvening = try Self.story(-1, 21)
        let wall = StoryClock(saturdayEvening)  // the context's clock, which a button's answer reads
        let context = try makeTestContext(config: config, now: saturdayEvening, clock: { wall.now })
        _ = try await context.ghost.perform(.manualPhaseChange(to: .scheduler), at: saturdayEvening)
        let answers = Answers()
        let sink = try answeringSink(session, context, answers)
        defer { sink.stop() }
        await context.notifications.use([sink])
        let zone = config.schedule.zone

        // Saturday evening plans Sunday; whatever it proposed is answered in the terminal.
        _ = try await context.backend.runCycle(.evening, now: saturdayEvening, zone: zone, training: config.training)
        await context.backend.settleNotifications(at: saturdayEvening)
        for block in await context.ghost.current.blocks where block.status == .proposed {
            _ = try await routerResult(ProposalAnswerMethod.self, #"{"block":"\#(block.id.rawValue)","accept":true}"#, context)
        }
        _ = try session.run("dunstctl", ["close-all"])

        // Sunday 06:00 the morning cycle runs; nothing recorded the night, so at 07:00 the check-in takes Sunday's notification.
        _ = try await context.backend.runCycle(.morning, now: try Self.story(0, 6), zone: zone, training: config.training)
        await context.backend.settleNotifications(at: try Self.story(0, 7))
        var inbox = try await routerResult(InboxListMethod.self, "{}", context).entries
        #expect(inbox.first { $0.kind == "checkIn" }?.state == "delivered", "\(inbox.map { ($0.kind, $0.state, $0.reason) })")
        _ = try session.run("dunstctl", ["close-all"])
        #expect(try session.history().first?.summary == "Slept well?")

        // Sunday 21:00: the evening cycle proposes Monday 06:30, the weekly cycle builds the receipt.
        let sundayEvening = try Self.story(0, 21)
        _ = try await context.backend.runCycle(.evening, now: sundayEvening, zone: zone, training: config.training)
        _ = try await context.backend.runCycle(.weekly, now: sundayEvening.addingTimeInterval(60), zone: zone, training: config.training)
        wall.now = sundayEvening.addingTimeInterval(120)
        let monday0630 = try Self.story(1, 6, 30)
        let proposed = try #require(await context.ghost.current.blocks.first { $0.status == .proposed && $0.start == monday0630 })
        await context.backend.settleNotifications(at: sundayEvening.addingTimeInterval(120))
        #expect(try session.open() == 1)
        inbox = try await routerResult(InboxListMethod.self, "{}", context).entries
        // Sunday's notification is the weekly question, Monday 06:30 named first: Monday is not asked on its own.
        let sent = try #require(
            inbox.first { $0.state == "delivered" && $0.kind == "weeklyReceipt" }, "\(inbox.map { ($0.kind, $0.title, $0.reason) })")
        #expect(sent.body.contains("This week: Mon 06:30, "), "\(sent.body)")
        #expect(!inbox.contains { $0.kind == "proposal" && $0.state != "settled" }, "\(inbox.map { ($0.kind, $0.title, $0.state) })")

        // What dunst shows is the question, with its button: Hold these, pressed before quiet hours, puts Monday 06:30 in
        // the calendar with the week.
        try session.click(GhostMessages.holdWeekAction)
        try await answers.nextFinished()
        #expect(answers.all == ["\(sent.key) \(GhostMessages.holdWeekAction)"])
        let menu = try session.lastMenu()
        #expect(menu.contains { $0.hasPrefix("#Hold these (Your week)") }, "\(menu)")
        #expect(await context.ghost.current.block(proposed.id)?.status == .scheduled)

    }
}

/// The time of the story, set by the test as it moves on.
private final class StoryClock: Sendable {
    private let instant: Mutex<Date>

    init(_ start: Date) {
        instant = Mutex(start)
    }

    var now: Date {
        get { instant.withLock { $0 } }
        set { instant.withLock { $0 = newValue } }
    }
}
