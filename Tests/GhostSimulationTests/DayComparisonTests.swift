import GhostSimulation
import TestPrograms
import Testing

@Suite(.removesScratchFolders)
struct DayComparisonTests {
    func day(
        _ number: Int, score: Double = 0.2, phase: String = "scheduler", blocks: [String] = ["b1"], health: String = "baseline"
    ) -> ComparedDay {
        ComparedDay(
            day: number, date: "2026-04-0\(number)", blocks: blocks.map { ($0, "07:00", "proposal", "completed", nil) },
            trustPhase: phase, trustScore: score, healthPhase: health)
    }

    @Test func twoDaysThatDifferOnlyInTheirBlocksDiffer() {
        let comparison = DayComparison(simulator: [day(1, blocks: ["b1"])], daemon: [day(1, blocks: [])])
        #expect(!comparison.agrees)
        #expect(comparison.daysEqual == 0)
        #expect(comparison.firstDifference?.fields == ["blocks: [b1@07:00 proposal/completed] → []"])
    }

    @Test func twoDaysThatDifferOnlyInTheirHealthPhaseDiffer() {
        let comparison = DayComparison(simulator: [day(1)], daemon: [day(1, health: "recovery")])
        #expect(!comparison.agrees)
        #expect(comparison.daysEqual == 0)
        #expect(comparison.firstDifference?.fields == ["health phase: baseline → recovery"])
    }

    @Test func twoDaysThatDifferOnlyInTheirWeekAheadDiffer() {
        let likely = ComparedDay.weekDay(date: "2026-04-02", status: "likely", start: "07:00", kind: "run", why: nil, defended: nil)
        let held = ComparedDay.weekDay(date: "2026-04-02", status: "held", start: "07:00", kind: "run", why: nil, defended: true)
        let simulator = ComparedDay(
            day: 1, date: "2026-04-01", blocks: [], trustPhase: "scheduler", trustScore: 0.2, healthPhase: "baseline", week: [likely])
        let vigord = ComparedDay(
            day: 1, date: "2026-04-01", blocks: [], trustPhase: "scheduler", trustScore: 0.2, healthPhase: "baseline", week: [held])
        let comparison = DayComparison(simulator: [simulator], daemon: [vigord])
        #expect(!comparison.agrees)
        #expect(comparison.firstDifference?.fields == ["week: [2026-04-02 likely 07:00 run] → [2026-04-02 held 07:00 run defended]"])
    }

    @Test func aDayWithoutASessionShowsWhy() {
        #expect(ComparedDay.weekDay(date: "2026-04-03", status: "none", start: nil, kind: nil, why: "weekFull", defended: nil) == "2026-04-03 none weekFull")
        #expect(ComparedDay.weekDay(date: "2026-04-03", status: "held", start: "07:00", kind: nil, why: nil, defended: false) == "2026-04-03 held 07:00")
    }

    @Test func equalDaysAgreeAndAreCounted() {
        let days = (1...3).map { day($0) }
        let comparison = DayComparison(simulator: days, daemon: days)
        #expect(comparison.agrees)
        #expect(comparison.text == "days compared: 3\ndays equal: 3\n")
    }

    @Test func aDisagreementNamesTheFirstDifferingDayAndWhatDiffered() {
        let simulator = (1...4).map { day($0) }
        let daemon = [day(1), day(2, score: 0.25), day(3, phase: "observer"), day(4)]
        let comparison = DayComparison(simulator: simulator, daemon: daemon)
        #expect(!comparison.agrees)
        #expect(comparison.daysEqual == 2)
        #expect(comparison.firstDifference?.day == 2)
        #expect(comparison.firstDifference?.fields == ["trust score: 0.2 → 0.25"])
        #expect(comparison.text.contains("first difference: day 2 (2026-04-02)"))
    }

    @Test func blocksAreComparedInStartOrderAndADayVigordDidNotReportDiffers() {
        let twoBlocks = ComparedDay(
            day: 1, date: "2026-04-01", blocks: [("b2", "18:00", "auto", "scheduled", "run"), ("b1", "07:00", "auto", "completed", nil)],
            trustPhase: "scheduler", trustScore: 0.2, healthPhase: "baseline")
        #expect(twoBlocks.blocks == ["b1@07:00 auto/completed", "b2@18:00 run auto/scheduled"], "the session kind is compared too")
        let comparison = DayComparison(simulator: [twoBlocks, day(2)], daemon: [twoBlocks])
        #expect(comparison.firstDifference?.fields == ["vigord reported no such day"])
    }
}
