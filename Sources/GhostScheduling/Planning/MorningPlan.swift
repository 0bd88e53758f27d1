import CivilCalendar
import Foundation
import GhostEngine

/// What a morning decides from its picture: close the days since the last morning with their signal coverage and
/// check-ins, tell the engine the time, judge whether health data still arrives, and transform today's blocks as
/// the trust phase allows (`MorningPlanner`).
public struct MorningPlan: Sendable, Equatable {
    /// The engine events, in order: the closed days, the tick, the readable history (an Observer's), the health data's verdict, today's changes.
    public var events: [GhostEvent]
    /// Sentences for the cycle's summary about the closed days and the health data.
    public var notes: [String]
    /// Today's blocks as the morning rules changed or would change them, each with its note.
    public var transformations: [MorningPlanner.Outcome]

    /// How old the newest health data may be at a morning: a wearable syncs at least daily, so two days without data
    /// means the import stopped (a dead band, an export no longer dropped in the inbox)…
    public static let healthDataExpectedWithin: TimeInterval = 48 * 3600
    /// …unless the user's own deliveries come slower (a watch plugged in every few days): then one and a half times the
    /// longest gap between the deliveries of the last `deliveryRhythmDays` days, at most `slowestExpectedRhythm`.
    public static let deliveryRhythmDays = 28
    public static let slowestExpectedRhythm: TimeInterval = 14 * 86_400

    /// How old the newest health data may be at `now`, after deliveries (imports that added samples) at `arrivals`:
    /// two days, or the user's own slower rhythm once three deliveries show it.
    public static func expectedWithin(arrivals: [Date], now: Date) -> TimeInterval {
        let recent = arrivals.filter { $0 <= now && now.timeIntervalSince($0) <= Double(deliveryRhythmDays) * 86_400 }.sorted()
        guard recent.count >= 3 else { return healthDataExpectedWithin }
        let longest = zip(recent.dropFirst(), recent).map { $0.timeIntervalSince($1) }.max() ?? 0
        return min(slowestExpectedRhythm, max(healthDataExpectedWithin, 1.5 * longest))
    }
    /// Days a morning closes at most after a long absence.
    public static let maximumCatchUpDays = 14

    /// The days a morning on `today` closes after the last morning on `lastMorning` (none on the first morning).
    public static func daysToClose(today: LocalDay, lastMorning: LocalDay?) -> [LocalDay] {
        guard let lastMorning else { return [] }
        var closed: [LocalDay] = []
        var day = max(lastMorning, today.adding(days: -maximumCatchUpDays))
        while day < today {
            closed.append(day)
            day = day.adding(days: 1)
        }
        return closed
    }

    /// Decides the morning of `picture.today`: `closing` are the days to close, `newestHealthData` the end of the
    /// newest health sample (nil: never any, which is no failure: no wearable).
    /// - Throws: `EngineError` when a day's bounds cannot be formed in the user's zone.
    public static func decide(
        _ picture: WeekPicture, closing: [LocalDay], newestHealthData: Date?, arrivals: [Date] = [], now: Date
    ) throws(EngineError) -> MorningPlan {
        var events: [GhostEvent] = []
        for day in closing {
            events.append(.dayClosed(day, signalCoverage: try picture.signals.coverage(of: day), checkedIn: picture.signals.checkedIn(on: day)))
        }
        var notes = [closing.isEmpty ? "first morning: nothing to close yet" : "closed \(closing.count) day(s) up to \(closing.last?.description ?? "")"]
        events.append(.tick)
        events += picture.historyEvents
        let verdict = healthDataVerdict(newestHealthData: newestHealthData, arrivals: arrivals, now: now)
        events += verdict.events
        notes += verdict.notes
        let transformations = try transform(picture)
        return MorningPlan(events: events + transformations.flatMap(\.events), notes: notes, transformations: transformations)
    }

    /// Whether a device records the user's nights: its newest night ended (`newestNight`) no longer ago than the
    /// deliveries at `arrivals` make usual (`expectedWithin`). Then the morning's check-in is not asked: the night comes.
    public static func deviceRecordsNights(newestNight: Date?, arrivals: [Date], now: Date) -> Bool {
        guard let newestNight, newestNight <= now else { return false }
        return now.timeIntervalSince(newestNight) <= expectedWithin(arrivals: arrivals, now: now)
    }

    /// What a morning at `now` says about health data whose newest sample ended at `newestHealthData` (nil: never any,
    /// which is no failure: no wearable), delivered at `arrivals`: a success while it is fresh (`expectedWithin`); once
    /// past the limit it counts against ghost health on the first morning only, and later mornings on stale data are
    /// no success either.
    public static func healthDataVerdict(
        newestHealthData: Date?, arrivals: [Date] = [], now: Date
    ) -> (events: [GhostEvent], notes: [String]) {
        let limit = expectedWithin(arrivals: arrivals, now: now)
        guard let newestHealthData, now.timeIntervalSince(newestHealthData) > limit else {
            return ([.backgroundSucceeded], [])
        }
        let age = now.timeIntervalSince(newestHealthData)
        let events: [GhostEvent] = age <= limit + 86_400 ? [.backgroundFailed(.staleData)] : []
        return (events, ["the newest health data is \(Int(age / 3600)) hours old"])
    }

    /// The morning rules on today's scheduled blocks, read from the picture's signals; a walk only when the user's
    /// injuries leave walking open.
    public static func transform(_ picture: WeekPicture) throws(EngineError) -> [MorningPlanner.Outcome] {
        try MorningPlanner.plan(
            ghost: picture.ghost, today: picture.today, digest: picture.signals, intensity: picture.intensity,
            rules: picture.rules.transformation,
            walkOpen: picture.profile.fitting(minutes: picture.settings.durationMinutes).contains(.walk))
    }

    /// The morning rules again, changing only `blocks` (a check-in or a late night: `LateNight.blocksToDecide`); an
    /// outcome that would change another block is left out.
    public static func transform(_ picture: WeekPicture, only blocks: Set<BlockID>) throws(EngineError) -> [MorningPlanner.Outcome] {
        try transform(picture).filter { outcome in
            outcome.events.allSatisfy { if case .adjustmentRequested(let id, _, _, _, _) = $0 { blocks.contains(id) } else { true } }
        }
    }
}
