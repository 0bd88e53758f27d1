import Foundation
import TestPrograms
import GhostEngine
import Testing
import VigorRPC

@testable import VigorDaemon
@testable import VigorConfig

/// Monday 2026-11-23 00:07 Berlin: setup just after midnight, hours before the preferred 07:00-09:00.
private let mondayJustAfterMidnight = Date(timeIntervalSince1970: 1_795_388_820)

@Test(.removesScratchFolders) func aFirstPlanBeforeTodaysPreferredHoursPlansToday() async throws {
    var config = DaemonConfig()
    config.schedule.timezone = "Europe/Berlin"
    let context = try makeTestContext(config: config, now: mondayJustAfterMidnight)
    _ = try await context.ghost.perform(.manualPhaseChange(to: .scheduler), at: mondayJustAfterMidnight)
    let plan = try await routerResult(SetupFirstPlanMethod.self, "{}", context)
    let block = try #require(plan.block)
    #expect(block.start.description.hasPrefix("2026-11-23T07:00"), "\(block.start)")
    #expect(plan.windows.first?.start == block.start)
    #expect(plan.notes.last == "proposed today at 07:00", "\(plan.notes)")
    #expect(!plan.notes.contains { $0.contains("tomorrow") }, "\(plan.notes)")
}

@Test(.removesScratchFolders) func aFirstPlanInsideTodaysPreferredHoursStartsTomorrow() throws {
    var training = DaemonConfig.TrainingSection()
    let calendar = LocalCalendar(timeZone: TimeZone(identifier: "Europe/Berlin")!)
    #expect(CycleRunner.plansToday(now: mondayJustAfterMidnight, calendar: calendar, training: training))
    #expect(!CycleRunner.plansToday(now: mondayJustAfterMidnight.addingTimeInterval(7 * 3600), calendar: calendar, training: training),
            "07:07 is inside 07:00-09:00")
    training.preferred = []
    #expect(!CycleRunner.plansToday(now: mondayJustAfterMidnight.addingTimeInterval(6 * 3600), calendar: calendar, training: training),
            "06:07 is after earliest, 06:00")
}

@Test(.removesScratchFolders) func anObserversFirstPlanSaysTheEveningOfItsFirstProposalAndTheRule() async throws {
    var config = DaemonConfig()
    config.schedule.timezone = "Europe/Berlin"
    let context = try makeTestContext(config: config, now: mondayJustAfterMidnight)
    let plan = try await routerResult(SetupFirstPlanMethod.self, "{}", context)
    #expect(plan.block == nil && plan.phase == "observer")
    let waiting = try #require(plan.waiting)
    #expect(waiting.evening?.description == "2026-11-30T21:00:00+01:00", "a week after the Observer began: \(waiting)")
    #expect(waiting.forDate == "2026-12-01")
    #expect(waiting.because.hasPrefix("an Observer only watches until it has seen a week (7 days; 0 so far"), "\(waiting.because)")
}

@Test(.removesScratchFolders) func aSchedulersFirstPlanWithoutASessionTomorrowSaysWhichRuleAndWhenTheFirstComes() async throws {
    var config = DaemonConfig()
    config.schedule.timezone = "Europe/Berlin"
    config.training.restDays = [3]  // Tuesday, the first planned day once today's preferred hours have begun
    let now = mondayJustAfterMidnight.addingTimeInterval(10 * 3600)
    let context = try makeTestContext(config: config, now: now)
    _ = try await context.ghost.perform(.manualPhaseChange(to: .scheduler), at: now)
    let plan = try await routerResult(SetupFirstPlanMethod.self, "{}", context)
    #expect(plan.block == nil, "\(String(describing: plan.block))")
    let waiting = try #require(plan.waiting)
    #expect(waiting.because.hasPrefix("nothing on 2026-11-24: "), "\(waiting.because)")
    #expect(waiting.because.lowercased().contains("rest day"), "\(waiting.because)")
    #expect(waiting.forDate == "2026-11-25" && waiting.evening?.description == "2026-11-24T21:00:00+01:00", "\(waiting)")
}
