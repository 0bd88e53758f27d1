import CivilCalendar
import Foundation
import GhostEngine

extension AbsolutionReader {
    /// The absolution from the calendar, for a user whose health data does not cover a week: the calendar patterns
    /// (back-to-back meetings, weekend only, evening collapse) against the workout evidence there is — workouts in
    /// `samples` and past events titled like training (`TrainingTitles`). With no workout evidence, an honest
    /// calendar-only insight (`calendarOnly`) that claims nothing about skipped workouts. Nil when fewer than
    /// `minimumDays` of the `days` ending with `lastDay` have a calendar event.
    /// - Throws: `EngineError` when a day's bounds cannot be formed in the user's zone.
    public static func readCalendar(
        lastDay: LocalDay, days: Int, calendar: LocalCalendar, busy: [BusyInterval], samples: [HealthSample],
        protectedWindows: Int = 0
    ) throws(EngineError) -> AbsolutionNarrative? {
        let span = min(max(days, minimumDays), maximumDays)
        let dayList = (0..<span).map { lastDay.adding(days: -(span - 1) + $0) }
        guard let firstDay = dayList.first else { return nil }
        let training = busy.filter { $0.causes.contains { TrainingTitles.looksLikeTraining($0.summary) } }
        let meetings = busy.filter { !$0.causes.contains { TrainingTitles.looksLikeTraining($0.summary) } }
        var eventDays = 0
        for day in dayList {
            let from = try calendar.startOfDay(day), to = try calendar.startOfDay(day.adding(days: 1))
            if busy.contains(where: { $0.overlaps(from: from, to: to) }) { eventDays += 1 }
        }
        guard eventDays >= minimumDays else { return nil }
        let workouts = Set(
            samples.filter { $0.kind == .workout }.map { calendar.day(of: $0.start) }
                + training.map { calendar.day(of: $0.start) }
        ).filter(dayList.contains).sorted()
        let meetingDays = try meetingLoad(dayList, busy: meetings, calendar: calendar)
        var findings: [AbsolutionNarrative.Finding] = []
        if !workouts.isEmpty {
            if let finding = backToBack(meetingDays, workouts: workouts, protectedWindows: protectedWindows) { findings.append(finding) }
            if let finding = weekendOnly(workouts, weekdays: meetingDays) { findings.append(finding) }
            if let finding = eveningCollapse(meetingDays, workouts: workouts) { findings.append(finding) }
        }
        if findings.isEmpty {
            findings.append(calendarOnly(meetingDays, workouts: workouts.count, days: span, protectedWindows: protectedWindows))
        }
        return AbsolutionNarrative(firstDay: firstDay, lastDay: lastDay, findings: findings)
    }

    /// What the calendar alone shows, claiming nothing about workouts it cannot see.
    static func calendarOnly(_ days: [MeetingDay], workouts: Int, days span: Int, protectedWindows: Int) -> AbsolutionNarrative.Finding {
        let packed = days.filter { $0.longestRunHours >= 3 }.count
        let average = days.isEmpty ? 0 : days.map(\.busyHours).reduce(0, +) / Double(days.count)
        let evidence = workouts == 0
            ? "I have no record of your workouts yet, so I can't tell what held you back; import your health data (vigorctl import) and I will look again."
            : "I found \(workouts) day\(workouts == 1 ? "" : "s") of training, too few to see a pattern."
        let hope = protectedWindows > 0
            ? "I've already found \(protectedWindows) protected window\(protectedWindows == 1 ? "" : "s") this week."
            : "Let's find the windows your week still has."
        return .init(
            pattern: "calendarOnly", headline: "Here is what your calendar shows.",
            explanation: "Over the last \(span) days your weekdays held \(decimal(average)) hours of meetings on average, and "
                + "\(packed) of them had 3 hours or more back to back. " + evidence,
            absolution: "", hope: hope,
            numbers: [
                "days": Double(span), "weekdays": Double(days.count), "packedWeekdays": Double(packed),
                "averageMeetingHours": average, "workoutDays": Double(workouts), "protectedWindows": Double(protectedWindows),
            ])
    }
}
