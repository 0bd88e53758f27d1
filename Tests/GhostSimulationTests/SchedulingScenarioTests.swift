import Foundation
import GhostEngine
import GhostSimulation
import TestPrograms
import Testing

/// Scenarios that exercise the real slot finder and the morning transformer inside `vigor-sim`.
@Suite(.removesScratchFolders)
struct SchedulingScenarioTests {
    @Test func weekendBlocksNeverStartBeforeNine() throws {
        let trajectory = try ScenarioFiles.run("steady-85-percent.json")
        let weekends = trajectory.days.filter { ["2026-03-07", "2026-03-08", "2026-03-14", "2026-03-15"].contains($0.date) }
        #expect(weekends.count == 4)
        let placed = weekends.filter { !$0.blocks.isEmpty }
        #expect(!placed.isEmpty)
        #expect(placed.allSatisfy { $0.blocks.map(\.start) == ["09:00"] })
        // Tuesdays are busy 07:00–09:00: 09:00 is inside the 10-minute buffer, so the hourly grid gives 10:00.
        #expect(trajectory.day(30)?.blocks.map(\.start) == ["10:00"])
    }

    @Test func lunchAndBuffersPushWeekdayBlocksToOnePm() throws {
        let trajectory = try ScenarioFiles.run("sacred-weekend-lunch.json")
        let weekendDates = ["2026-03-07", "2026-03-08", "2026-03-14", "2026-03-15", "2026-03-21", "2026-03-22", "2026-03-28", "2026-03-29"]
        let placed = trajectory.days.filter { !$0.blocks.isEmpty }
        #expect(placed.contains { weekendDates.contains($0.date) } && placed.contains { !weekendDates.contains($0.date) })
        for record in placed {
            let weekend = weekendDates.contains(record.date)
            // Weekends: never before 09:00 (a missed 09:00 may teach a later hour); weekdays: 13:00.
            let start = try #require(record.blocks.first?.start)
            #expect(weekend ? start >= "09:00" && start < "12:00" : start == "13:00", "day \(record.day)")
        }
    }

    @Test func unknownDaysGetProposalsEvenForAnAutoScheduler() throws {
        let trajectory = try ScenarioFiles.run("sacred-weekend-lunch.json")
        for number in [24, 25] {
            let record = try #require(trajectory.day(number))
            #expect(record.trustPhase >= .autoScheduler)
            #expect(record.blocks.map(\.origin) == [.proposal], "day \(number)")
        }
        #expect(trajectory.day(23)?.blocks.map(\.origin) == [.auto])
        #expect(trajectory.day(26)?.blocks.map(\.origin) == [.auto])
    }

    @Test func shortSleepBelowTransformerIsOnlyASuggestion() throws {
        let record = try #require(try ScenarioFiles.run("transformation-mornings.json").day(10))
        #expect(record.trustPhase == .scheduler)
        let block = try #require(record.blocks.first?.id, "the day's block, proposed since the Observer's week ended")
        #expect(record.suggestions == ["suggestion for \(block): You slept 240 minutes, below the 300 I need to see before asking you to train; rest today."])
        #expect(!record.blocks.isEmpty)
        #expect(record.blocks.allSatisfy { $0.status != .removed })
    }

    @Test func shortSleepAsTransformerRemovesTheBlock() throws {
        let record = try #require(try ScenarioFiles.run("transformation-mornings.json").day(40))
        #expect(record.trustPhase == .transformer)
        #expect(record.blocks.map(\.status) == [.removed])
        // The morning removes today's block; the evening places tomorrow's.
        #expect(record.receipts.map(\.action) == [.removed, .scheduled])
    }

    @Test func hrvCrashTurnsTheHeavySessionIntoAWalkAndARevertCostsTrust() throws {
        let trajectory = try ScenarioFiles.run("transformation-mornings.json")
        // 35 ms against a stated baseline of 50: 30 % below; the next morning's 7 days include that 35, so 27 % below.
        for (number, below) in [(41, 30), (42, 27)] {
            let record = try #require(trajectory.day(number))
            #expect(record.receipts.filter { $0.action == .transformed }.count == 1, "day \(number)")
            #expect(record.receipts.first { $0.action == .transformed }?.reason.hasPrefix("Your HRV is \(below) % below") == true)
        }
        // Day 42: the revert (−0.02) cancels at least the workout (+0.02 at most).
        let kept = try #require(trajectory.day(41)?.trustScore)
        let reverted = try #require(trajectory.day(42)?.trustScore)
        #expect(reverted <= kept)
    }

    @Test func signalsExactlyAtTheThresholdsChangeNothing() throws {
        let trajectory = try ScenarioFiles.run("transformation-mornings.json")
        for number in [43, 44] {
            let record = try #require(trajectory.day(number))
            #expect(record.receipts.allSatisfy { $0.action == .scheduled }, "day \(number)")
            #expect(record.suggestions.isEmpty)
        }
    }

    @Test func newScenarioKeysAreValidatedWithTheirPaths() throws {
        let base = try Data(contentsOf: ScenarioFiles.directory.appendingPathComponent("transformation-mornings.json"))
        let text = try #require(String(data: base, encoding: .utf8))
        for (from, to, path) in [
            (#""revertDays": [42]"#, #""revertDays": [51]"#, "revertDays[0]"),
            (#"{ "day": 10, "sleepMinutes": 240 }"#, #"{ "day": 10, "sleepMinutes": -1 }"#, "morningSignals[0].sleepMinutes"),
        ] {
            let edited = Data(text.replacingOccurrences(of: from, with: to).utf8)
            #expect(throws: ScenarioError.self) { try Scenario.load(from: edited) }
            do {
                _ = try Scenario.load(from: edited)
            } catch {
                #expect(error.path == path, "\(to)")
            }
        }
    }
}
