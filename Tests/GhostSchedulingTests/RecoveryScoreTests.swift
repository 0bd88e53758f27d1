import Foundation
import GhostEngine
import Testing
import GhostScheduling

@Suite struct RecoveryScoreTests {
    private let morning = Date(timeIntervalSince1970: 1_772_431_200)

    private func metric(_ value: Double, _ source: String = "watch") -> MetricValue {
        MetricValue(value: value, source: source, recordedAt: morning)
    }

    private func fullInputs() -> RecoveryInputs {
        var inputs = RecoveryInputs(day: Week.monday)
        inputs.sleepMinutes = metric(420)
        inputs.sleepBaselineMinutes = metric(480, "baseline:sleep30d")
        inputs.hrv = metric(50)
        inputs.hrvBaseline7 = metric(50, "baseline:hrv7d")
        inputs.hrvBaseline30 = metric(50, "baseline:hrv30d")
        inputs.restingHeartRate = metric(55)
        inputs.restingHeartRateBaseline = metric(50, "baseline:rhr30d")
        inputs.strainLast7Days = metric(700)
        inputs.strainWeeklyAverage = metric(700, "baseline:strain28d")
        return inputs
    }

    @Test func scoreIsTheWeightedSumOfItsComponents() throws {
        let score = try RecoveryFormula.standard.score(fullInputs())
        // sleep 420/480 = 0.875; HRV at baseline 0.5; RHR 10 % up → 0.5 − 5 × 0.1 = 0; strain 1.5 − 1 = 0.5.
        // 100 × (0.30 × 0.875 + 0.35 × 0.5 + 0.20 × 0 + 0.15 × 0.5) = 51.25
        #expect(abs(score.value - 51.25) < 1e-9)
        #expect(score.components.map(\.name) == ["sleep", "hrv", "restingHeartRate", "strain"])
        #expect(score.formula == FormulaIdentity(name: "vigor-recovery", version: 1))
    }

    @Test func missingComponentsAreLeftOutAndWeightsRenormalised() throws {
        var inputs = RecoveryInputs(day: Week.monday)
        inputs.sleepMinutes = metric(420)
        inputs.sleepBaselineMinutes = metric(480)
        #expect(abs(try RecoveryFormula.standard.score(inputs).value - 87.5) < 1e-9)
    }

    @Test func componentsAreClampedToZeroAndOne() throws {
        var inputs = fullInputs()
        inputs.sleepMinutes = metric(600)
        inputs.hrv = metric(30)
        inputs.restingHeartRate = metric(40)
        inputs.strainLast7Days = metric(100)
        let score = try RecoveryFormula.standard.score(inputs)
        #expect(score.components.map(\.value) == [1, 0, 1, 1])
    }

    @Test func noInputsIsAnError() throws {
        #expect(throws: SchedulingError.noRecoveryInputs(Week.monday)) {
            try RecoveryFormula.standard.score(RecoveryInputs(day: Week.monday))
        }
    }

    @Test func everyInputCarriesItsProvenanceAndTheHashFollowsIt() throws {
        let score = try RecoveryFormula.standard.score(fullInputs())
        #expect(score.inputs.count == 9)
        #expect(score.inputs[1] == ProvenancedInput(name: "sleepBaselineMinutes", metric: metric(480, "baseline:sleep30d")))
        var other = fullInputs()
        other.hrv = metric(50, "ring")
        #expect(try RecoveryFormula.standard.score(other).inputHash != score.inputHash)
        #expect(try RecoveryFormula.standard.score(fullInputs()).inputHash == score.inputHash)
    }

    @Test func backfillKeepsOldValuesAndShowsTheNewVersion() throws {
        var history = RecoveryHistory()
        history.record(try RecoveryFormula.standard.score(fullInputs()))
        history.record(try RecoveryFormula.standard.score(fullInputs()))
        #expect(history.scores.count == 1)
        var second = RecoveryFormula.standard
        second.version = 2
        second.restingHeartRateWeight = 0
        let backfilled = try history.backfilled(with: second, inputs: [fullInputs()])
        let audit = backfilled.audit(of: Week.monday)
        #expect(audit.map(\.formula.version) == [1, 2])
        #expect(abs(audit[0].value - 51.25) < 1e-9)
        // 100 × (0.2625 + 0.175 + 0.075) / 0.80 = 64.0625
        #expect(abs((backfilled.current(on: Week.monday)?.value ?? 0) - 64.0625) < 1e-9)
        #expect(history.scores.count == 1)
    }
}
