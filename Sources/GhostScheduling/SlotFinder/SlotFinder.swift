import CivilCalendar
import Foundation
import GhostEngine

/// Finds workout slots: free of busy time plus buffers, sacred time, rest and travel days; scored by
/// preferred windows, learned preferences and skip predictions; deterministic (ties go to the earlier start).
public struct SlotFinder: Sendable {
    /// The user's calendar (zone).
    public let calendar: LocalCalendar
    /// What the user asked for.
    public let settings: TrainingSettings
    /// The rules table.
    public let rules: SchedulingRules

    /// Creates a finder after checking settings and rules.
    /// - Throws: `SchedulingError.invalidSetting` when either cannot work.
    public init(calendar: LocalCalendar, settings: TrainingSettings, rules: SchedulingRules = .standard)
        throws(SchedulingError)
    {
        try settings.validate()
        try rules.validate()
        self.calendar = calendar
        self.settings = settings
        self.rules = rules
    }

    /// Every feasible slot of `day`, best score first, ties by earlier start. Empty on rest and travel days.
    /// - Throws: `SchedulingError` for an invalid request or when a local time cannot be formed.
    public func feasibleSlots(on day: LocalDay, request: SlotRequest) throws(SchedulingError) -> [ScoredSlot] {
        try request.validate()
        guard availability(of: day, request: request) == nil else { return [] }
        return try slots(on: day, request: request, busy: timeline(request, from: day, days: 1)).sorted(by: Self.better)
    }

    /// `request.busy` clipped to `days` local days from `first`, widened by a day on each side (covers buffers).
    func timeline(_ request: SlotRequest, from first: LocalDay, days: Int) throws(SchedulingError) -> BusyTimeline {
        do {
            let from = try calendar.startOfDay(first.adding(days: -1))
            let to = try calendar.startOfDay(first.adding(days: days + 1))
            return BusyTimeline(request.busy, within: from, to)
        } catch {
            throw .calendar(error)
        }
    }

    /// Why nothing may be placed on `day` (rest or travel day), or nil when it is usable.
    public func availability(of day: LocalDay, request: SlotRequest) -> DaySkipReason? {
        if request.travelDays.contains(day) { return .travelDay }
        if settings.restDays.contains(weekday(of: day)) { return .restDay }
        return nil
    }

    /// Feasible slots of `day` in start order; `busy` is `request.busy` as a timeline, built once per plan. `ignoring`
    /// leaves one kind of sacred time out (to tell what it changed).
    func slots(
        on day: LocalDay, request: SlotRequest, busy: BusyTimeline, ignoring: SacredReason? = nil
    ) throws(SchedulingError) -> [ScoredSlot] {
        let sacred = try SacredTime.intervals(
            on: day, calendar: calendar, rules: rules.sacred, personalEvents: request.personalEvents,
            sacredSlots: request.sacredSlots).filter { $0.reason != ignoring }
        let dayStart: Date
        let dayEnd: Date
        let latest: Date
        do {
            dayStart = try calendar.startOfDay(day)
            dayEnd = try calendar.startOfDay(day.adding(days: 1))
            latest = try calendar.date(on: day, hour: settings.latest.hour, minute: settings.latest.minute)
        } catch {
            throw .calendar(error)
        }
        // On a day whose UTC offset never changes, local minute m is simply dayStart + m minutes; only DST
        // (or other offset-change) days need the calendar for every candidate.
        let zone = calendar.timeZone
        let steadyOffset = dayEnd.timeIntervalSince(dayStart) == 86_400
            && zone.secondsFromGMT(for: dayStart) == zone.secondsFromGMT(for: dayEnd.addingTimeInterval(-1))
        let before = TimeInterval(settings.bufferBeforeMinutes * 60)
        let after = TimeInterval(settings.bufferAfterMinutes * 60)
        let length = TimeInterval(settings.durationMinutes * 60)
        let skip = request.skipPredictions.last { $0.day == day }?.probability ?? rules.slots.neutralFactor
        var result: [ScoredSlot] = []
        var minute = settings.earliest.minuteOfDay
        while minute + settings.durationMinutes <= settings.latest.minuteOfDay {
            defer { minute += rules.slots.stepMinutes }
            let wall = TimeOfDay(hour: minute / 60, minute: minute % 60)
            let start: Date
            let reading: Moment
            if steadyOffset {
                start = dayStart.addingTimeInterval(TimeInterval(minute * 60))
                reading = Moment(date: start, day: day, weekday: day.weekday, hour: wall.hour, minute: wall.minute)
            } else {
                do {
                    start = try calendar.date(on: day, hour: wall.hour, minute: wall.minute)
                } catch {
                    throw .calendar(error)
                }
                reading = calendar.moment(at: start)
                guard reading.day == day, reading.hour == wall.hour, reading.minute == wall.minute else { continue }
            }
            let end = start.addingTimeInterval(length)
            guard end <= latest,
                  !busy.overlaps(from: start.addingTimeInterval(-before), to: end.addingTimeInterval(after)),
                  !sacred.contains(where: { $0.overlaps(from: start, to: end) })
            else { continue }
            result.append(score(start: start, end: end, reading: reading, wall: wall, skip: skip, request: request))
        }
        return result
    }

    private func score(
        start: Date, end: Date, reading: Moment, wall: TimeOfDay, skip: Double, request: SlotRequest
    ) -> ScoredSlot {
        let weights = rules.slots
        let endMinute = wall.minuteOfDay + settings.durationMinutes
        let within = { (window: TimeWindow) in window.from.minuteOfDay <= wall.minuteOfDay && endMinute <= window.to.minuteOfDay }
        let preferred: Double
        if let own = settings.ownHours {
            preferred = within(own) ? 1 : (settings.preferredWindows.contains(where: within) ? weights.configuredBesideOwnHours : 0)
        } else if settings.preferredWindows.isEmpty {
            preferred = weights.neutralFactor
        } else {
            preferred = settings.preferredWindows.contains(where: within) ? 1 : 0
        }
        let slot = SlotKey(reading)
        let learned = request.slotPreferences.last { $0.slot == slot }?.rate ?? weights.neutralFactor
        let total = weights.preferredWindowWeight * preferred + weights.learnedPreferenceWeight * learned
            + weights.attendanceWeight * (1 - skip)
        return ScoredSlot(
            start: start, end: end, day: reading.day, localStart: wall, slot: slot, score: total,
            factors: SlotFactors(preferredWindow: preferred, learnedPreference: learned, skipProbability: skip))
    }

    /// Local weekday of `day` (1 = Sunday).
    func weekday(of day: LocalDay) -> Int {
        day.weekday
    }

    /// What the weekend morning changed on `day` where `chosen` won among `candidates`: the time that would have come
    /// first without it (among the starts `allowed`), when that is another time; nil on a weekday or when it changed nothing.
    func weekendMorningEvidence(
        on day: LocalDay, chosen: ScoredSlot, request: SlotRequest, busy: BusyTimeline, allowed: (ScoredSlot) -> Bool
    ) throws(SchedulingError) -> WeekendMorningEvidence? {
        guard day.weekday == 1 || day.weekday == 7 else { return nil }
        let unprotected = try slots(on: day, request: request, busy: busy, ignoring: .weekendMorning).filter(allowed)
        guard let best = unprotected.sorted(by: Self.better).first, best.start != chosen.start else { return nil }
        return WeekendMorningEvidence(
            until: rules.sacred.weekendMorningUntil, keptFree: best.localStart, inPreferredWindow: best.factors.preferredWindow == 1)
    }

    /// Deterministic order: higher score first, then earlier start.
    static func better(_ lhs: ScoredSlot, _ rhs: ScoredSlot) -> Bool {
        lhs.score != rhs.score ? lhs.score > rhs.score : lhs.start < rhs.start
    }

    /// The block for the best slot of `slots` (already sorted) on `day`, with its alternatives.
    func plannedBlock(from slots: [ScoredSlot], on day: LocalDay, request: SlotRequest) -> PlannedBlock? {
        guard let best = slots.first else { return nil }
        return PlannedBlock(
            chosen: best, alternatives: Array(slots.dropFirst().prefix(rules.slots.alternativesKept)),
            autonomy: request.unknownDays.contains(day) ? .proposalOnly : .engineDecides,
            durationMinutes: settings.durationMinutes)
    }
}

/// Why a day of the horizon got no block.
public enum DaySkipReason: String, Codable, Sendable {
    /// A rest day in the settings.
    case restDay
    /// A travel day.
    case travelDay
    /// Busy time, buffers and sacred time leave no room.
    case noFreeSlot
    /// A session is already on the calendar that day, or was done that day.
    case alreadyPlanned
    /// The training week's sessions are done, on the calendar or placed on better days.
    case notChosen
    /// The training week falls short of what the user asked, and a session that day would be closer than
    /// `minHoursBetweenSessions` to another.
    case tooClose
}
