import CivilCalendar
import Foundation
import GhostEngine
import GhostScheduling
import Testing

/// The morning plan decides on a picture alone: the readings and check-ins are values, no database.
@Test func aMorningClosesYesterdayWithTheCoverageOfItsReadingsAndItsCheckIn() throws {
    let tuesday = Week.monday.adding(days: 1)
    let ghost = Ghost(startingAt: try Week.at(Week.monday, 0), timeZone: Week.berlin.timeZone)
    let at5 = try Week.at(Week.monday, 5)
    // Monday: HRV and resting heart rate arrived, no sleep and no steps — two of the four signals.
    let readings = [
        HealthSample(kind: .hrv, source: "watch", start: at5, end: at5, value: 60),
        HealthSample(kind: .restingHeartRate, source: "watch", start: at5, end: at5, value: 55),
    ]
    let checkIn = CheckInReport(day: Week.monday, sleptMinutes: nil, felt: .ok, recordedAt: try Week.at(Week.monday, 6))
    let picture = WeekPicture(
        calendar: Week.berlin, today: tuesday, firstDay: tuesday, days: 1, ghost: ghost,
        settings: PlanningSettings(training: Week.morningSettings),
        signals: SignalDigest(calendar: Week.berlin, samples: readings, checkIns: [checkIn]))
    let now = try Week.at(tuesday, 6)
    let plan = try MorningPlan.decide(
        picture, closing: MorningPlan.daysToClose(today: tuesday, lastMorning: Week.monday), newestHealthData: at5, now: now)
    #expect(plan.events == [.dayClosed(Week.monday, signalCoverage: 0.5, checkedIn: true), .tick, .backgroundSucceeded])
    #expect(plan.notes.first == "closed 1 day(s) up to \(Week.monday)")
}
