import CivilCalendar
import Foundation
import GhostEngine
import GhostScheduling
import Testing

/// Training strain counts only against a baseline of enough workout days, never scores recovery alone, and reads a
/// workout logged by hand like an imported one.
@Suite struct StrainBaselineTests {
    private let thursday = Week.monday.adding(days: 3)

    private func yoga(_ day: Int, minutes: Int = 47) throws -> HealthSample {
        HealthSample(kind: .workout, source: "Phone", start: try Week.at(day, 18), end: try Week.at(day, 18, minutes), value: Double(minutes), detail: "yoga")
    }

    private func night(_ day: Int, hours: Int) throws -> HealthSample {
        let start = try Week.at(day - 1, 23)
        let end = start.addingTimeInterval(Double(hours * 3600))
        return HealthSample(kind: .sleep, source: "Watch", start: start, end: end, value: Double(hours * 60), detail: "asleep")
    }

    @Test func oneSessionOnANewGhostLeavesStrainOutAndSaysWhy() throws {
        let inputs = try SignalDigest(calendar: Week.berlin, samples: [try yoga(2)]).recoveryInputs(on: thursday)
        #expect(inputs.strainLast7Days == nil)
        #expect(inputs.strainWithoutBaseline?.contains("4 days over 14 days") == true)
        #expect(inputs.strainWithoutBaseline?.contains("1 workout day(s) so far") == true)
    }

    @Test func aScoreAfterOneSessionIsNeverZero() throws {
        // A week of steady nights and one long yoga session yesterday: the score comes from sleep, not from strain.
        let samples = try (-6...3).map { try night($0, hours: 7) } + [try yoga(2)]
        let score = try RecoveryFormula().score(try SignalDigest(calendar: Week.berlin, samples: samples).recoveryInputs(on: thursday))
        #expect(score.value > 50)
        #expect(!score.components.map(\.name).contains("strain"))
    }

    @Test func strainAloneMakesNoRecoveryScore() throws {
        var inputs = RecoveryInputs(day: thursday)
        inputs.strainLast7Days = MetricValue(value: 200, source: "workouts:7d", recordedAt: try Week.at(3, 0))
        inputs.strainWeeklyAverage = MetricValue(value: 40, source: "workouts:28d/4", recordedAt: try Week.at(3, 0))
        #expect(throws: SchedulingError.noRecoveryInputs(thursday)) { try RecoveryFormula().score(inputs) }
    }

    @Test func strainNeedsWorkoutsOnFourDaysOverTwoWeeks() throws {
        let three = try SignalDigest(calendar: Week.berlin, samples: [try yoga(-20), try yoga(-10), try yoga(2)]).recoveryInputs(on: thursday)
        #expect(three.strainLast7Days == nil, "three workout days are no baseline")
        let recent = try SignalDigest(calendar: Week.berlin, samples: [try yoga(-5), try yoga(-3), try yoga(0), try yoga(2)])
            .recoveryInputs(on: thursday)
        #expect(recent.strainLast7Days == nil, "four days within eight are no baseline either")
        let enough = try SignalDigest(calendar: Week.berlin, samples: [try yoga(-20), try yoga(-10), try yoga(0), try yoga(2)])
            .recoveryInputs(on: thursday)
        #expect(enough.strainLast7Days?.value == 94)
    }

    @Test func aWorkoutLoggedByHandCountsInStrainLikeAnImportedOne() throws {
        let imported = try [yoga(-20), yoga(-10), yoga(0), yoga(2)]
        let logged = try [yoga(-20), yoga(-10), yoga(0)]
        let hand = [try Week.at(2, 18)..<(try Week.at(2, 18, 47))]
        let fromImports = try SignalDigest(calendar: Week.berlin, samples: imported).recoveryInputs(on: thursday)
        let withHandLog = try SignalDigest(calendar: Week.berlin, samples: logged, recordedWorkouts: hand).recoveryInputs(on: thursday)
        #expect(withHandLog.strainLast7Days == fromImports.strainLast7Days)
        #expect(withHandLog.strainWeeklyAverage == fromImports.strainWeeklyAverage)
    }

    @Test func aWorkoutBothLoggedAndImportedCountsOnce() throws {
        let samples = try [yoga(-20), yoga(-10), yoga(0), yoga(2)]
        let twice = try SignalDigest(calendar: Week.berlin, samples: samples, recordedWorkouts: [try Week.at(2, 18)..<(try Week.at(2, 18, 47))])
            .recoveryInputs(on: thursday)
        #expect(twice.strainLast7Days?.value == 94)
    }
}
