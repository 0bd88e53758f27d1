import Foundation
import GhostEngine
import GhostScheduling
import Store
import VigorRPC

extension DaemonRouter {
    /// `weekly.receipt` and `absolution.read`: the value the Ghost delivered, and what held the user back before.
    static func registerWeekly(_ router: inout RPCRouter, _ context: Context) {
        router.registerOffLoop(WeeklyReceiptMethod.self) { _ in
            let record: WeeklyReceiptRecord?
            do {
                record = try context.database.weeklyReceipt()
            } catch {
                throw RPCErrorObject(.storageFailed, "Storage failed: \(error)")
            }
            guard let record else { return .init(receipt: nil) }
            return .init(receipt: WeeklyReceiptView(try JSONDecoder().decode(WeeklyValueReceipt.self, from: record.body)))
        }
        router.registerOffLoop(AbsolutionMethod.self) { params in
            let days = params.days ?? AbsolutionReader.maximumDays
            guard (AbsolutionReader.minimumDays...AbsolutionReader.maximumDays).contains(days) else {
                throw RPCErrorObject(.invalidParams, "Invalid params: field 'days' must be between 7 and 90; got \(days)")
            }
            let calendar = LocalCalendar(timeZone: await context.state.config.schedule.zone)
            let now = context.now()
            let lastDay = calendar.day(of: now).adding(days: -1)
            let from = try calendar.startOfDay(lastDay.adding(days: -(days - 1)))
            let to = try calendar.startOfDay(lastDay.adding(days: 1))
            let busy = try await context.calendars.busy(from: from, to: to, source: nil).intervals.map {
                GhostScheduling.BusyInterval(start: $0.start, end: $0.end, causes: $0.causes.map(\.summary))
            }
            let observations: [HealthObservation]
            do {
                observations = try HealthObservation.Kind.allCases.flatMap { kind throws(StoreError) -> [HealthObservation] in
                    try context.database.healthSamples(kind: kind.rawValue, endingFrom: from.addingTimeInterval(-86_400), to: to).map {
                        HealthObservation(kind: kind, source: $0.source, start: $0.start, end: $0.end, value: $0.value, detail: $0.detail)
                    }
                }
            } catch {
                throw RPCErrorObject(.storageFailed, "Storage failed: \(error)")
            }
            guard let narrative = try AbsolutionReader.read(
                lastDay: lastDay, days: days, calendar: calendar, busy: busy, observations: observations)
            else {
                return .init(absolution: nil, reason: "fewer than 7 of the last \(days) days have health data; import some first (vigorctl import)")
            }
            return .init(absolution: AbsolutionView(narrative), reason: nil)
        }
    }
}

extension WeeklyReceiptView {
    init(_ receipt: WeeklyValueReceipt) {
        self.init(
            weekStart: receipt.weekStart.description, scheduled: receipt.scheduled, completed: receipt.completed, missed: receipt.missed,
            removed: receipt.removed, moved: receipt.moved, transformed: receipt.transformed, unplannedWorkouts: receipt.unplannedWorkouts,
            planningMinutesSaved: receipt.planningMinutesSaved, patterns: receipt.patterns, trustScore: receipt.trustScore,
            trustChange: receipt.trustChange, trustPhase: receipt.trustPhase.rawValue, dots: receipt.dots, strongWeeks: receipt.strongWeeks,
            clean: receipt.clean)
    }
}

extension AbsolutionView {
    init(_ narrative: AbsolutionNarrative) {
        self.init(
            firstDay: narrative.firstDay.description, lastDay: narrative.lastDay.description,
            findings: narrative.findings.map { Finding(pattern: $0.pattern, sentence: $0.sentence, numbers: $0.numbers) },
            text: narrative.text)
    }
}
