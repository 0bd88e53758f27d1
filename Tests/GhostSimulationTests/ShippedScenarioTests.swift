import Foundation
import TestPrograms
import Testing
import GhostEngine
import GhostSimulation

@Suite(.removesScratchFolders)
struct ShippedScenarioTests {
    @Test func atLeastTheRequiredScenariosShip() throws {
        let names = try ScenarioFiles.names()
        for required in [
            "steady-85-percent.json", "breaker-three-deletions.json", "breaker-two-deletions.json",
            "breaker-reset-by-workout.json", "travel-days.json", "lapse-regression-recovery.json", "changing-week.json",
        ] {
            #expect(names.contains(required))
        }
    }

    @Test(arguments: try ScenarioFiles.names())
    func everyShippedScenarioRunsForItsDays(name: String) throws {
        let scenario = try ScenarioFiles.load(name)
        let trajectory = try ScenarioFiles.simulator(scenario).run()
        #expect(trajectory.days.count == scenario.days)
        #expect(trajectory.days.map(\.day) == Array(1...scenario.days))
        #expect(!trajectory.text().isEmpty)
    }

    @Test func sixtyDaysAtEightyFivePercentReachFullGhostAboveThreeQuarters() throws {
        let trajectory = try ScenarioFiles.run("steady-85-percent.json")
        #expect(trajectory.days.count == 60)
        #expect(trajectory.summary.finalTrustPhase == .fullGhost)
        #expect(trajectory.summary.finalTrustScore > 0.75)
        #expect(trajectory.summary.breakerFirings == 0)
        let planned = trajectory.days.flatMap(\.blocks).filter { $0.status == .completed || $0.status == .missed }
        let completed = planned.filter { $0.status == .completed }
        #expect(abs(Double(completed.count) / Double(planned.count) - 0.85) < 0.1)
    }

    @Test func threeConsecutiveDeletionsAtAutoSchedulerFireTheBreakerExactlyOnce() throws {
        let trajectory = try ScenarioFiles.run("breaker-three-deletions.json")
        #expect(trajectory.day(16)?.trustPhase == .autoScheduler)
        #expect(trajectory.summary.deletions == 3)
        #expect(trajectory.summary.breakerFirings == 1)
        let firing = try #require(trajectory.days.first { $0.breakerFirings > 0 })
        #expect(firing.day == 19)
        #expect(firing.apologies == ["I've been scheduling at bad times. I'll suggest instead of auto-schedule for now."])
        #expect(firing.trustPhase == .scheduler)
        #expect(firing.trustScore <= 0.5)
        #expect(firing.receipts.contains { $0.action == .breakerFired })
        #expect(trajectory.day(20)?.blocks.allSatisfy { $0.origin == .proposal } == true)
    }

    @Test func twoDeletionsDoNotFireTheBreaker() throws {
        let trajectory = try ScenarioFiles.run("breaker-two-deletions.json")
        #expect(trajectory.summary.deletions == 2)
        #expect(trajectory.summary.breakerFirings == 0)
        #expect(trajectory.day(18)?.trustPhase == .autoScheduler)
        #expect(trajectory.days.allSatisfy { $0.apologies.isEmpty })
    }

    @Test func completedWorkoutBetweenDeletionsResetsTheCount() throws {
        let trajectory = try ScenarioFiles.run("breaker-reset-by-workout.json")
        #expect(trajectory.summary.deletions == 4)
        #expect(trajectory.day(19)?.blocks.map(\.status) == [.completed])
        #expect(trajectory.summary.breakerFirings == 0)
        #expect(trajectory.day(21)?.trustPhase == .autoScheduler)
    }

    @Test func travelDaysGetNoBlocks() throws {
        let scenario = try ScenarioFiles.load("travel-days.json")
        let trajectory = try ScenarioFiles.simulator(scenario).run()
        #expect(!scenario.travelDays.isEmpty)
        for record in trajectory.days {
            if scenario.travelDays.contains(record.day) {
                #expect(record.travel && record.blocks.isEmpty, "day \(record.day)")
            } else if record.day > 9 {
                // Scheduler from the close of day 8; a day's block is placed the evening before, so from day 10 on.
                #expect(!record.blocks.isEmpty, "day \(record.day)")
            }
        }
    }

    @Test func lapseAfterMaintenanceEntersRegressionAndRecoveryReturnsToAdaptation() throws {
        let scenario = try ScenarioFiles.load("lapse-regression-recovery.json")
        let lapse = try #require(scenario.completion.periods.first { $0.rate == 0 })
        #expect(lapse.toDay - lapse.fromDay + 1 == 21)
        let trajectory = try ScenarioFiles.simulator(scenario).run()
        let maintenance = try #require(trajectory.daysEntering("maintenance").first)
        #expect(maintenance < lapse.fromDay)
        let regression = try #require(trajectory.daysEntering("regression").first)
        #expect((lapse.fromDay...lapse.toDay).contains(regression))
        let recovery = try #require(trajectory.daysEntering("adaptation").first { $0 > regression })
        #expect(recovery > lapse.toDay)
        #expect(trajectory.days.filter { $0.day > regression && $0.day < recovery }.allSatisfy { $0.healthPhase == .regression })
        // The phase changes as the day closes, after that evening placed tomorrow's block: the day after is the first
        // planned in regression.
        #expect(trajectory.day(regression + 2)?.blocks.allSatisfy { $0.origin == .proposal } == true)
    }

    @Test func slotRejectedThreeTimesIsNeverScheduledAgain() throws {
        let trajectory = try ScenarioFiles.run("sacred-slot.json")
        #expect(trajectory.day(36)?.triage.contains("sacred Mon 07:00") == true)
        for monday in [43, 50] {
            #expect(trajectory.day(monday)?.blocks.map(\.start) == ["08:00"], "day \(monday)")
        }
        #expect(trajectory.day(29)?.blocks.map(\.start) == ["07:00"])
    }

    @Test(arguments: try ScenarioFiles.names())
    func sameSeedGivesByteIdenticalOutput(name: String) throws {
        let first = try ScenarioFiles.run(name)
        let second = try ScenarioFiles.run(name)
        #expect(Data(try first.jsonText().utf8) == Data(try second.jsonText().utf8))
        #expect(Data(first.text().utf8) == Data(second.text().utf8))
    }

    @Test func differentSeedGivesADifferentRun() throws {
        var scenario = try ScenarioFiles.load("steady-85-percent.json")
        let first = try ScenarioFiles.simulator(scenario).run()
        scenario.seed += 1
        #expect(try first.jsonText() != (try ScenarioFiles.simulator(scenario).run().jsonText()))
    }
}

@Suite(.removesScratchFolders)
struct DaylightSavingScenarioTests {
    @Test func blocksKeepTheirLocalHourAcrossTheDSTChange() throws {
        let trajectory = try ScenarioFiles.run("dst-new-york.json")
        // The fall-back day is a Sunday, whose morning before 09:00 is sacred, so the scenario prefers 09:00.
        let fallBack = try #require(trajectory.days.first { $0.date == "2026-11-01" })
        #expect(fallBack.blocks.map(\.start) == ["09:00"])
        // Day 1 has no block: the first evening plans day 2.
        #expect(trajectory.days.dropFirst().allSatisfy { $0.blocks.map(\.start) == ["09:00"] })
    }
}

@Suite(.removesScratchFolders)
struct ChangingWeekScenarioTests {
    private func reasons(_ trajectory: Trajectory, day: Int) -> [String] {
        trajectory.day(day)?.receipts.map { "\($0.action.rawValue): \($0.reason)" } ?? []
    }

    @Test func aSchedulerProposesTheMoveAndTheUserAcceptsIt() throws {
        let trajectory = try ScenarioFiles.run("changing-week.json")
        #expect(reasons(trajectory, day: 11).prefix(2) == [
            "moveProposed: Suggested moving Thu 07:00 → 09:00: 'Board meeting' (scenario) now covers 07:00–08:00.",
            "moved: Moved Thu 07:00 → 09:00: you accepted the move.",
        ])
        #expect(trajectory.day(11)?.blocks.map(\.start) == ["09:00"])
    }

    @Test func anAutoSchedulerMovesItsBlockLaterThatDay() throws {
        let trajectory = try ScenarioFiles.run("changing-week.json")
        #expect(reasons(trajectory, day: 18).first == "moved: Moved Thu 09:00 → 11:00: 'Client visit' (scenario) now covers 07:00–10:00.")
        #expect(trajectory.day(18)?.blocks.map(\.start) == ["11:00"])
    }

    @Test func aDayWithNoRoomLeftSendsTheBlockToTheNextDayWhichGetsNoSecondOne() throws {
        let trajectory = try ScenarioFiles.run("changing-week.json")
        #expect(reasons(trajectory, day: 23).first == "moved: Moved Tue 10:00 → Wed 07:00: 'Hiring panel' (scenario) now covers 07:00–12:00.")
        #expect(trajectory.day(23)?.blocks.isEmpty == true)
        #expect(trajectory.day(24)?.blocks.map(\.start) == ["07:00"])
        #expect(trajectory.days.allSatisfy { $0.blocks.count <= 1 })
    }
}
