import Foundation
import GhostEngine

/// What held the user back before the Ghost, read from the last 7–90 days of calendars and health
/// data, each finding with the numbers behind it. Told once, at the start: it was not willpower.
public struct AbsolutionNarrative: Codable, Sendable, Equatable {
    /// One pattern found.
    public struct Finding: Codable, Sendable, Equatable {
        /// `backToBackMeetings`, `sleepDebt`, `weekendOnly`, `eveningCollapse` or `noPattern`.
        public let pattern: String
        public let sentence: String
        /// The numbers the sentence rests on, by name.
        public let numbers: [String: Double]
    }

    /// The days looked at.
    public let firstDay: LocalDay
    public let lastDay: LocalDay
    public let findings: [Finding]

    /// The narrative as a paragraph.
    public var text: String {
        (["Over the last \(firstDay.days(until: lastDay) + 1) days, before I helped:"] + findings.map(\.sentence)
            + ["None of this is a lack of willpower; it is what the Ghost plans around now."]).joined(separator: " ")
    }
}

/// Finds the absolution patterns. Thresholds are documented in Docs/engine.md.
public enum AbsolutionReader {
    /// Fewest days of history worth a narrative, and the most looked at.
    public static let minimumDays = 7, maximumDays = 90

    /// Reads `days` local days ending with `lastDay`; nil when fewer than `minimumDays` have health data.
    public static func read(
        lastDay: LocalDay, days: Int, calendar: LocalCalendar, busy: [BusyInterval], observations: [HealthObservation]
    ) throws(EngineError) -> AbsolutionNarrative? {
        let span = min(max(days, minimumDays), maximumDays)
        let dayList = (0..<span).map { lastDay.adding(days: -(span - 1) + $0) }
        let digest = SignalDigest(calendar: calendar, observations: observations)
        var daysWithData = 0
        for day in dayList where try digest.coverage(of: day) > 0 { daysWithData += 1 }
        guard daysWithData >= minimumDays, let firstDay = dayList.first else { return nil }
        var findings: [AbsolutionNarrative.Finding] = []
        let meetingDays = try meetingLoad(dayList, busy: busy, calendar: calendar)
        if let finding = backToBack(meetingDays) { findings.append(finding) }
        if let finding = try sleepDebt(dayList, digest: digest) { findings.append(finding) }
        let workouts = observations.filter { $0.kind == .workout }.map { calendar.day(of: $0.start) }.filter(dayList.contains)
        if let finding = weekendOnly(workouts) { findings.append(finding) }
        if let finding = eveningCollapse(meetingDays, workouts: workouts) { findings.append(finding) }
        if findings.isEmpty {
            findings.append(.init(
                pattern: "noPattern", sentence: "no single thing stands out in your data; we will find your rhythm together.",
                numbers: ["days": Double(span)]))
        }
        return AbsolutionNarrative(firstDay: firstDay, lastDay: lastDay, findings: findings)
    }

    /// Per weekday: hours busy and the longest run of meetings with gaps under 10 minutes.
    private struct MeetingDay {
        let day: LocalDay
        let busyHours: Double
        let longestRunHours: Double
    }

    private static func meetingLoad(_ days: [LocalDay], busy: [BusyInterval], calendar: LocalCalendar) throws(EngineError)
        -> [MeetingDay]
    {
        var result: [MeetingDay] = []
        for day in days where day.weekday >= 2 && day.weekday <= 6 {
            let from = try calendar.startOfDay(day)
            let to = try calendar.startOfDay(day.adding(days: 1))
            let ofDay = busy.filter { $0.start < to && $0.end > from }
                .map { max($0.start, from)..<min($0.end, to) }.sorted { $0.lowerBound < $1.lowerBound }
            var longest: TimeInterval = 0
            var run: Range<Date>?
            for interval in ofDay {
                if let open = run, interval.lowerBound.timeIntervalSince(open.upperBound) < 600 {
                    run = open.lowerBound..<max(open.upperBound, interval.upperBound)
                } else {
                    run = interval
                }
                if let open = run { longest = max(longest, open.upperBound.timeIntervalSince(open.lowerBound)) }
            }
            let total = SignalDigest.mergedSeconds(ofDay)
            result.append(MeetingDay(day: day, busyHours: total / 3600, longestRunHours: longest / 3600))
        }
        return result
    }

    /// Weekdays with three hours or more of meetings back to back.
    private static func backToBack(_ days: [MeetingDay]) -> AbsolutionNarrative.Finding? {
        let packed = days.filter { $0.longestRunHours >= 3 }
        guard packed.count >= 3, let longest = packed.map(\.longestRunHours).max() else { return nil }
        return .init(
            pattern: "backToBackMeetings",
            sentence: "\(packed.count) of your \(days.count) weekdays had three hours or more of meetings back to back "
                + "(the longest \(hoursText(longest))), leaving no gap to move in.",
            numbers: ["days": Double(packed.count), "weekdays": Double(days.count), "longestRunHours": longest])
    }

    /// Average sleep below seven hours over the nights measured.
    private static func sleepDebt(_ days: [LocalDay], digest: SignalDigest) throws(EngineError) -> AbsolutionNarrative.Finding? {
        var nights: [Double] = []
        for day in days {
            if let sleep = try digest.sleep(endingMorningOf: day) { nights.append(sleep.value) }
        }
        guard nights.count >= minimumDays else { return nil }
        let average = nights.reduce(0, +) / Double(nights.count)
        guard average < 420 else { return nil }
        let debtHours = nights.map { max(0, 420 - $0) }.reduce(0, +) / 60
        return .init(
            pattern: "sleepDebt",
            sentence: "you slept \(hoursText(average / 60)) a night on average over \(nights.count) nights, "
                + "\(Int((420 - average).rounded())) minutes short of seven hours: a debt of \(Int(debtHours.rounded())) hours.",
            numbers: ["nights": Double(nights.count), "averageMinutes": average, "debtHours": debtHours])
    }

    /// At least three workouts, four in five of them on Saturday or Sunday.
    private static func weekendOnly(_ workouts: [LocalDay]) -> AbsolutionNarrative.Finding? {
        let weekend = workouts.filter { $0.weekday == 1 || $0.weekday == 7 }.count
        guard workouts.count >= 3, Double(weekend) >= Double(workouts.count) * 0.8 else { return nil }
        return .init(
            pattern: "weekendOnly",
            sentence: "\(weekend) of your \(workouts.count) workouts were on weekends: the weekdays had no room.",
            numbers: ["weekendWorkouts": Double(weekend), "workouts": Double(workouts.count)])
    }

    /// After weekdays with five hours or more of meetings, workouts were rare compared with lighter days.
    private static func eveningCollapse(_ days: [MeetingDay], workouts: [LocalDay]) -> AbsolutionNarrative.Finding? {
        let heavy = days.filter { $0.busyHours >= 5 }
        let light = days.filter { $0.busyHours < 5 }
        guard heavy.count >= 5, light.count >= 5 else { return nil }
        let rate = { (group: [MeetingDay]) in Double(group.filter { workouts.contains($0.day) }.count) / Double(group.count) }
        let heavyRate = rate(heavy), lightRate = rate(light)
        guard lightRate >= 0.3, heavyRate <= lightRate / 2 else { return nil }
        return .init(
            pattern: "eveningCollapse",
            sentence: "after your \(heavy.count) heaviest weekdays (five hours or more of meetings) you trained on "
                + "\(Int((heavyRate * 100).rounded())) % of them, against \(Int((lightRate * 100).rounded())) % after lighter days.",
            numbers: ["heavyDays": Double(heavy.count), "heavyRate": heavyRate, "lightRate": lightRate])
    }

    private static func hoursText(_ hours: Double) -> String {
        let minutes = Int((hours * 60).rounded())
        return "\(minutes / 60) h \(minutes % 60 < 10 ? "0" : "")\(minutes % 60)"
    }
}
