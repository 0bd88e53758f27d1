import Foundation
import GhostEngine
import GhostScheduling
import Testing
import VigorRPC

@testable import VigorDaemon
@testable import VigorConfig

extension DesktopNotificationTests {
    @Test func aSchedulerWhoTrainsFiveTimesAWeekOnTheirOwnIsAskedToPlanFiveAndItsButtonPlansFive() async throws {
        let session = try DesktopSession(server: true)
        defer { session.stop() }
        var config = DaemonConfig()
        config.training.sessionsPerWeekMax = 7
        let context = try await Self.schedulerSunday(config) { context in
            // Five workouts on their own in the week that ends and in the one before: Monday, Tuesday, Wednesday, Friday
            // and Saturday at 18:00.
            for date in ["09", "10", "11", "13", "14", "16", "17", "18", "20", "21"] {
                _ = try await routerResult(WorkoutLogMethod.self, #"{"at":"2026-11-\#(date)T18:00:00+01:00","minutes":45}"#, context)
            }
        }
        let berlin = try #require(TimeZone(identifier: "Europe/Berlin"))
        _ = try await Self.acceptMondayInTheTerminal(context)
        let answers = Answers()
        let sink = try await Self.sundayOnTheDesktop(session, context, answers)
        defer { sink.stop() }
        #expect(try session.open() == 1)
        let weekly = try #require(try await routerResult(InboxListMethod.self, "{}", context).entries.first { $0.kind == "weeklyReceipt" })
        #expect(weekly.body.hasSuffix("You trained 5 times this week; plan 5?"), "\(weekly.body)")
        try session.click("\(GhostMessages.planSessionsAction)-5")
        try await answers.nextFinished()
        #expect(answers.all == ["\(weekly.key) plan-sessions-5"])
        #expect(await context.output.holds.book.agreedSessions?.count == 5)

        // Monday's evening plans the training week for five.
        let evening = try await context.backend.runCycle(.evening, now: Self.sunday20.addingTimeInterval(86_400 + 3_600), zone: berlin, training: config.training)
        #expect(evening.summary.contains("I plan 5 sessions a week, not 3, because you agreed to 5 in a weekly receipt."), "\(evening.summary)")
        #expect(evening.summary.contains("5 asked"), "\(evening.summary)")
    }

    @Test func planningMoreSessionsThanTheMaximumIsRefusedAndSavesNothing() async throws {
        var config = DaemonConfig()
        config.schedule.timezone = "Europe/Berlin"
        config.training.sessionsPerWeekMax = 4
        let context = try makeTestContext(config: config, now: Self.sunday20)
        let response = try await routerCall(PlanSessionsMethod.name, #"{"count":5}"#, context)
        #expect(response.error?.code == RPCErrorCode.invalidParams.rawValue)
        #expect(response.error?.message.contains("5 sessions a week is more than sessions_per_week_max allows (4)") == true, "\(String(describing: response.error))")
        #expect(await context.output.holds.book.agreedSessions == nil)
        let agreed = try await routerResult(PlanSessionsMethod.self, #"{"count":4}"#, context)
        #expect(agreed.sessionsPerWeek == 4 && agreed.asked == 3 && agreed.most == 4)
        #expect(agreed.sentence.hasPrefix("From the next evening I plan 4 sessions a week."))
        let back = try await routerResult(PlanSessionsMethod.self, #"{"count":3}"#, context)
        #expect(back.sessionsPerWeek == 3)
        #expect(await context.output.holds.book.agreedSessions == nil)
    }
}
