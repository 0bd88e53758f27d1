import CivilCalendar
import Foundation
import GhostEngine

/// What held the user back before the Ghost, read from the last 7–90 days of calendars and health
/// data, each finding told in the seed's words (headline, explanation with the numbers, absolution, hope).
/// Told once, at the start: it was not willpower.
public struct AbsolutionNarrative: Codable, Sendable, Equatable {
    /// One pattern found.
    public struct Finding: Codable, Sendable, Equatable {
        /// `backToBackMeetings`, `sleepDebt`, `weekendOnly`, `eveningCollapse` or `noPattern`.
        public let pattern: String
        /// The pattern's lead, e.g. "It wasn't your fault." or "Your body was telling you something."
        public let headline: String
        /// What the data shows, with its numbers.
        public let explanation: String
        /// Why it was not the user's doing, e.g. "Your schedule was designed to make you fail."
        public let absolution: String
        /// What happens next.
        public let hope: String
        /// The numbers the explanation rests on, by name.
        public let numbers: [String: Double]

        /// The explanation alone, for clients that show one sentence per finding.
        public var sentence: String { explanation }

        /// Whether the finding says it was not the user's doing (the seed's headline or an absolution of its own); a
        /// finding that only says what the calendar shows does not, and the narrative then opens with its lead.
        public var absolves: Bool { headline == AbsolutionNarrative.headline || !absolution.isEmpty }
    }

    /// The narrative's headline, the seed's words.
    public static let headline = "It wasn't your fault."

    /// The narrative's lead: the seed's headline, or the own lead of findings that absolve nothing (a calendar-only
    /// insight, weekend workouts while weekdays had room).
    public var lead: String {
        findings.contains(where: \.absolves) ? Self.headline : findings.first?.headline ?? Self.headline
    }

    /// The days looked at.
    public let firstDay: LocalDay
    public let lastDay: LocalDay
    /// Strongest first; the first one's hope closes the narrative.
    public let findings: [Finding]

    /// The narrative as paragraphs: the headline (not over a calendar-only insight, which absolves nothing); per finding its own lead (when it differs), explanation and
    /// absolution; the first finding's hope.
    public var text: String {
        var paragraphs = findings.contains(where: \.absolves) ? [Self.headline] : []
        for finding in findings {
            let lead = finding.headline == Self.headline ? [] : [finding.headline]
            paragraphs.append((lead + [finding.explanation, finding.absolution]).filter { !$0.isEmpty }.joined(separator: " "))
        }
        if let hope = findings.first?.hope { paragraphs.append(hope) }
        return paragraphs.joined(separator: "\n\n")
    }
}

/// Finds the absolution patterns. Thresholds are documented in Docs/engine.md.
public enum AbsolutionReader {
    /// Fewest days of history worth a narrative, and the most looked at.
    public static let minimumDays = 7, maximumDays = 90

    /// Reads `days` local days ending with `lastDay`; nil when fewer than `minimumDays` have health data.
    /// `protectedWindows` counts the blocks already on the calendar for the week ahead (the back-to-back hope).
    public static func read(
        lastDay: LocalDay, days: Int, calendar: LocalCalendar, busy: [BusyInterval], samples: [HealthSample],
        protectedWindows: Int = 0
    ) throws(EngineError) -> AbsolutionNarrative? {
        let span = min(max(days, minimumDays), maximumDays)
        let dayList = (0..<span).map { lastDay.adding(days: -(span - 1) + $0) }
        let digest = SignalDigest(calendar: calendar, samples: samples)
        var daysWithData = 0
        for day in dayList where try digest.coverage(of: day) > 0 { daysWithData += 1 }
        guard daysWithData >= minimumDays, let firstDay = dayList.first else { return nil }
        var findings: [AbsolutionNarrative.Finding] = []
        let meetingDays = try meetingLoad(dayList, busy: busy, calendar: calendar)
        let workouts = samples.filter { $0.kind == .workout }.map { calendar.day(of: $0.start) }.filter(dayList.contains)
        if let finding = backToBack(meetingDays, workouts: workouts, protectedWindows: protectedWindows) { findings.append(finding) }
        if let finding = try sleepDebt(dayList, digest: digest, workouts: workouts) { findings.append(finding) }
        if let finding = weekendOnly(workouts, weekdays: meetingDays) { findings.append(finding) }
        if let finding = eveningCollapse(meetingDays, workouts: workouts) { findings.append(finding) }
        if findings.isEmpty {
            findings.append(.init(
                pattern: "noPattern", headline: AbsolutionNarrative.headline, explanation: "Life got busy. That's human.",
                absolution: "", hope: "Let's find your rhythm together.", numbers: ["days": Double(span)]))
        }
        return AbsolutionNarrative(firstDay: firstDay, lastDay: lastDay, findings: findings)
    }

    /// Per weekday: hours busy, the longest run of meetings with gaps under 10 minutes, and the longest free stretch
    /// within `trainingHours`.
    struct MeetingDay {
        let day: LocalDay
        let busyHours: Double
        let longestRunHours: Double
        let longestFreeHours: Double
    }

    /// The hours of a weekday in which a session fits, as `[training]`'s default `earliest` and `latest`: a weekday
    /// "has room" when a free stretch of `roomMinutes` lies within them.
    static let trainingHours = (from: 6, to: 21), roomMinutes = 60
    /// Weekdays count as impossible only when fewer than this share of them had room (Docs/engine.md).
    static let impossibleBelowShare = 0.2

    static func meetingLoad(_ days: [LocalDay], busy: [BusyInterval], calendar: LocalCalendar) throws(EngineError)
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
            let open = try calendar.date(on: day, hour: trainingHours.from), close = try calendar.date(on: day, hour: trainingHours.to)
            var free: TimeInterval = 0, cursor = open
            for interval in ofDay where interval.upperBound > open && interval.lowerBound < close {
                free = max(free, interval.lowerBound.timeIntervalSince(cursor))
                cursor = max(cursor, interval.upperBound)
            }
            free = max(free, close.timeIntervalSince(min(cursor, close)))
            result.append(MeetingDay(day: day, busyHours: total / 3600, longestRunHours: longest / 3600, longestFreeHours: free / 3600))
        }
        return result
    }

    /// Weekdays with three hours or more of meetings back to back; the explanation averages the longest run on
    /// the weekdays without a workout (the skipped ones).
    static func backToBack(_ days: [MeetingDay], workouts: [LocalDay], protectedWindows: Int) -> AbsolutionNarrative.Finding? {
        let packed = days.filter { $0.longestRunHours >= 3 }
        guard packed.count >= 3, let longest = packed.map(\.longestRunHours).max() else { return nil }
        let skipped = days.filter { !workouts.contains($0.day) }
        let average = skipped.isEmpty ? 0 : skipped.map(\.longestRunHours).reduce(0, +) / Double(skipped.count)
        let hope = protectedWindows > 0
            ? "I've already found \(protectedWindows) protected window\(protectedWindows == 1 ? "" : "s") this week where we can rebuild."
            : "Let's find the protected windows your week still has, and rebuild from there."
        return .init(
            pattern: "backToBackMeetings", headline: AbsolutionNarrative.headline,
            explanation: "Looking at your calendar, on days you skipped workouts, you averaged \(decimal(average)) hours of "
                + "back-to-back meetings.",
            absolution: "Your schedule was designed to make you fail.", hope: hope,
            numbers: [
                "days": Double(packed.count), "weekdays": Double(days.count), "longestRunHours": longest,
                "skippedDays": Double(skipped.count), "averageRunHoursOnSkippedDays": average,
                "protectedWindows": Double(protectedWindows),
            ])
    }

    /// Average sleep below seven hours over the nights measured; the explanation averages the nights before the
    /// days without a workout.
    private static func sleepDebt(_ days: [LocalDay], digest: SignalDigest, workouts: [LocalDay]) throws(EngineError)
        -> AbsolutionNarrative.Finding?
    {
        var nights: [(day: LocalDay, minutes: Double)] = []
        for day in days {
            if let sleep = try digest.sleep(endingMorningOf: day) { nights.append((day, sleep.value)) }
        }
        guard nights.count >= minimumDays else { return nil }
        let average = nights.map(\.minutes).reduce(0, +) / Double(nights.count)
        guard average < 420 else { return nil }
        let debtHours = nights.map { max(0, 420 - $0.minutes) }.reduce(0, +) / 60
        let skipped = nights.filter { !workouts.contains($0.day) }.map(\.minutes)
        let skippedAverage = skipped.isEmpty ? average : skipped.reduce(0, +) / Double(skipped.count)
        return .init(
            pattern: "sleepDebt", headline: "Your body was telling you something.",
            explanation: "On days you skipped training, your sleep averaged \(decimal(skippedAverage / 60)) hours.",
            absolution: "Skipping was actually the right call for recovery.", hope: "Let's work with your energy, not against it.",
            numbers: [
                "nights": Double(nights.count), "averageMinutes": average, "debtHours": debtHours,
                "averageMinutesBeforeSkippedDays": skippedAverage,
            ])
    }

    /// At least three workouts, four in five of them on Saturday or Sunday. "Weekdays were impossible" is said only
    /// when fewer than `impossibleBelowShare` of the weekdays looked at had room (a free `roomMinutes` within
    /// `trainingHours`); otherwise the finding says how many had room, and absolves nothing.
    static func weekendOnly(_ workouts: [LocalDay], weekdays: [MeetingDay]) -> AbsolutionNarrative.Finding? {
        let weekend = workouts.filter { $0.weekday == 1 || $0.weekday == 7 }.count
        guard workouts.count >= 3, Double(weekend) >= Double(workouts.count) * 0.8 else { return nil }
        let roomy = weekdays.filter { $0.longestFreeHours * 60 >= Double(roomMinutes) - 1e-9 }.count
        let numbers = [
            "weekendWorkouts": Double(weekend), "workouts": Double(workouts.count), "weekdays": Double(weekdays.count),
            "weekdaysWithRoom": Double(roomy),
        ]
        guard Double(roomy) < Double(weekdays.count) * impossibleBelowShare else {
            return .init(
                pattern: "weekendOnly", headline: "Here is what your calendar shows.",
                explanation: "You only worked out on weekends: \(weekend) of your \(workouts.count) workouts fell on a Saturday or "
                    + "Sunday, although \(roomy) of your \(weekdays.count) weekdays had a free hour or more between "
                    + "\(two(trainingHours.from)):00 and \(two(trainingHours.to)):00.",
                absolution: "", hope: "Let's use the weekday windows your calendar already has.", numbers: numbers)
        }
        return .init(
            pattern: "weekendOnly", headline: AbsolutionNarrative.headline,
            explanation: "You only worked out on weekends - weekdays were impossible: \(weekend) of your \(workouts.count) "
                + "workouts fell on a Saturday or Sunday, and \(weekdays.count - roomy) of your \(weekdays.count) weekdays had "
                + "no free hour between \(two(trainingHours.from)):00 and \(two(trainingHours.to)):00.",
            absolution: "Your schedule was designed to make you fail.",
            hope: "Let's find the weekday windows your calendar still has.", numbers: numbers)
    }

    /// `06` for 6.
    private static func two(_ hour: Int) -> String { hour < 10 ? "0\(hour)" : "\(hour)" }

    /// After weekdays with five hours or more of meetings, workouts were rare compared with lighter days.
    static func eveningCollapse(_ days: [MeetingDay], workouts: [LocalDay]) -> AbsolutionNarrative.Finding? {
        let heavy = days.filter { $0.busyHours >= 5 }
        let light = days.filter { $0.busyHours < 5 }
        guard heavy.count >= 5, light.count >= 5 else { return nil }
        let rate = { (group: [MeetingDay]) in Double(group.filter { workouts.contains($0.day) }.count) / Double(group.count) }
        let heavyRate = rate(heavy), lightRate = rate(light)
        guard lightRate >= 0.3, heavyRate <= lightRate / 2 else { return nil }
        return .init(
            pattern: "eveningCollapse", headline: AbsolutionNarrative.headline,
            explanation: "By 6 PM, you had no energy left - meetings drained you: after your \(heavy.count) heaviest weekdays "
                + "(five hours or more of meetings) you trained on \(Percent.text(heavyRate)) of them, against "
                + "\(Percent.text(lightRate)) of the lighter ones.",
            absolution: "Your schedule was designed to make you fail.",
            hope: "Let's train before the meetings take it all.",
            numbers: ["heavyDays": Double(heavy.count), "heavyRate": heavyRate, "lightRate": lightRate])
    }

    /// Hours with one decimal, as the seed writes them ("5.2").
    static func decimal(_ hours: Double) -> String {
        let tenths = Int((hours * 10).rounded())
        return "\(tenths / 10).\(tenths % 10)"
    }
}
