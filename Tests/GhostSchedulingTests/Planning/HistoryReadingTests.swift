import CivilCalendar
import Foundation
import GhostEngine
import GhostScheduling
import Testing

/// The absolution reads its picture alone: the past days' busy time and readings are values, no database.
@Test func theAbsolutionReadsAPatternOnlyFromSevenDaysWithHealthData() throws {
    let lastDay = Week.monday.adding(days: 13)
    let ghost = Ghost(startingAt: try Week.at(Week.monday, 0), timeZone: Week.berlin.timeZone)
    func picture(daysWithData: Int) throws -> WeekPicture {
        let readings = try (0..<daysWithData).map { back -> HealthSample in
            let at = try Week.at(lastDay.adding(days: -back), 5)
            return HealthSample(kind: .hrv, source: "watch", start: at, end: at, value: 60)
        }
        return WeekPicture(
            calendar: Week.berlin, today: lastDay.adding(days: 1), firstDay: lastDay.adding(days: -13), days: 14, ghost: ghost,
            settings: PlanningSettings(training: Week.morningSettings),
            signals: SignalDigest(calendar: Week.berlin, samples: readings))
    }
    let now = try Week.at(lastDay.adding(days: 1), 20)
    #expect(try HistoryReading.absolution(try picture(daysWithData: 6), now: now) == nil)
    #expect(try HistoryReading.absolution(try picture(daysWithData: 7), now: now) != nil)
}
