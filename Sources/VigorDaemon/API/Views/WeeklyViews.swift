import GhostEngine
import GhostScheduling
import VigorRPC

extension WeeklyReceiptView {
    init(_ receipt: WeeklyValueReceipt) {
        let clean = CleanWeek(receipt)
        self.init(
            weekStart: receipt.weekStart.description, scheduled: receipt.scheduled, completed: receipt.completed, missed: receipt.missed,
            removed: receipt.removed, moved: receipt.moved, transformed: receipt.transformed, unplannedWorkouts: receipt.unplannedWorkouts,
            planningMinutesSaved: receipt.planningMinutesSaved, patterns: receipt.patterns, trustScore: receipt.trustScore,
            trustChange: receipt.trustChange, trustPhase: receipt.trustPhase.rawValue, dots: receipt.dots, strongWeeks: receipt.strongWeeks,
            clean: clean.line, cleanAchievements: clean.achievements, cleanDots: clean.dots, asked: receipt.asked,
            beforeGhost: receipt.isBeforeGhost ? true : nil)
    }
}

extension AbsolutionView {
    init(_ narrative: AbsolutionNarrative) {
        self.init(
            headline: narrative.lead, firstDay: narrative.firstDay.description, lastDay: narrative.lastDay.description,
            findings: narrative.findings.map {
                Finding(
                    pattern: $0.pattern, headline: $0.headline, explanation: $0.explanation, absolution: $0.absolution, hope: $0.hope,
                    numbers: $0.numbers)
            },
            text: narrative.text)
    }
}
