import Calendar
import Foundation
import GhostEngine
import GhostScheduling
import Logging
import Store
import VigorRPC

/// Runs the daily cycles, one at a time, each at most once per local date: the engine's events
/// for the cycle, its receipts and its mark are saved in one transaction.
public actor CycleRunner {
    private let ghost: GhostHost
    private let calendars: CalendarHost
    private let database: AppDatabase
    private let output: CalendarOutput
    private let logger: Logger
    /// The system's time zone name now (nil: unknown), read at every evening cycle for the travel rules.
    private let systemZone: @Sendable () -> String?
    /// The system's zone when vigord started: the settled zone when none was saved yet (a server kept in UTC
    /// while `[schedule] timezone` says Berlin is not travelling).
    private let startingSystemZone: String?
    /// How old the newest health data may be at the morning cycle: a wearable syncs at least daily, so two days
    /// without data means the import stopped (a dead band, an export that is no longer dropped in the inbox).
    static let healthDataExpectedWithin: TimeInterval = 48 * 3600
    /// Days the morning cycle closes at most in one run after a long absence.
    static let maximumCatchUpDays = 14
    /// Whether a cycle is running, and the runs waiting for it: an actor lets a second `run` in while the first
    /// awaits the engine, so two runs of one day (a catch-up at start and `cycle.run`) would both pass the
    /// once-per-day check.
    private var cycleRunning = false
    private var waitingRuns: [CheckedContinuation<Void, Never>] = []

    public init(
        ghost: GhostHost, calendars: CalendarHost, database: AppDatabase, output: CalendarOutput, logger: Logger,
        systemZone: @escaping @Sendable () -> String? = { SystemTimeZone.identifier(environment: ProcessInfo.processInfo.environment) }
    ) {
        self.systemZone = systemZone
        self.startingSystemZone = systemZone()
        self.output = output
        self.ghost = ghost
        self.calendars = calendars
        self.database = database
        self.logger = logger
    }

    /// How often the engine hears the time between cycles, at most this long apart: blocks count as missed,
    /// questions and proposals expire on time rather than at the next cycle.
    public static let tickInterval: TimeInterval = 5 * 60

    /// Tells the engine the time (`tick`) and writes the calendar when that changed a block, or when its last write
    /// failed (the folder may be writable again).
    func tick(now: Date) async throws {
        let before = await ghost.current.blocks
        _ = try await ghost.perform(.tick, at: now)
        if await ghost.current.blocks != before {
            try await output.sync(now: now)
        } else {
            try await output.catchUp(now: now)
        }
    }

    /// Records presses of the red button that a full disk held back and writes the calendar after them;
    /// true when one was recorded.
    func settleHeldPresses(now: Date) async throws -> Bool {
        guard await ghost.holdsUnrecordedPress, try await ghost.recordHeldPresses(at: now) else { return false }
        try await output.sync(now: now)
        return true
    }

    /// Runs `kind` for the local date of `now` unless it already ran that day, with the scheduling `rules` in force;
    /// `home` (`[schedule] home`) lets the evening's travel rules measure how far away an event takes place.
    public func run(
        _ kind: CycleKind, now: Date, zone: TimeZone, training: DaemonConfig.TrainingSection = .init(),
        rules: SchedulingRules = .standard, home: GeoPosition? = nil
    ) async throws -> CycleOutcome {
        if cycleRunning { await withCheckedContinuation { waitingRuns.append($0) } }
        cycleRunning = true
        defer {
            if waitingRuns.isEmpty { cycleRunning = false } else { waitingRuns.removeFirst().resume() }
        }
        let calendar = LocalCalendar(timeZone: zone)
        let today = kind == .weekly ? try weeklyDay(now: now, calendar: calendar) : calendar.day(of: now)
        if let earlier = try database.cycleRuns(onOrAfter: today.description).first(where: {
            $0.kind == kind.rawValue && $0.localDate == today.description
        }) {
            let when = today == calendar.day(of: now) ? "today" : "for \(today)"
            return CycleOutcome(kind: kind.rawValue, localDate: today.description, ran: false, summary: "already ran \(when): \(earlier.summary)")
        }
        let (events, summary) = switch kind {
        case .morning: try await morningEvents(today: today, calendar: calendar, now: now, training: training, rules: rules)
        case .evening: await eveningEvents(today: today, calendar: calendar, now: now, training: training, rules: rules, home: home)
        case .weekly: try await weeklyEvents(today: today, calendar: calendar, now: now, rules: rules)
        }
        let news = kind == .morning ? try MorningNews.read(database: database, now: now, calendar: calendar) : nil
        let said = [summary, news?.note].compactMap { $0 }.joined(separator: "; ")
        let mark = CycleRun(kind: kind.rawValue, localDate: today.description, ranAt: now, summary: said, newHealthData: news?.isNew)
        _ = try await ghost.perform(events, at: now, cycle: mark)
        if kind == .morning { try await pruneReceipts(now: now) }
        try await output.sync(now: now)
        logger.info("cycle ran", metadata: ["cycle": "\(kind.rawValue)", "date": "\(today)", "summary": "\(said)"])
        return CycleOutcome(kind: kind.rawValue, localDate: today.description, ran: true, summary: said, newHealthData: news?.isNew)
    }

    /// Closes every local day since the last morning cycle (at most two weeks back) with the share of
    /// health signals that arrived for it, ticks (passed blocks become missed and triage asks), scores
    /// recovery from the night's signals, and transforms today's blocks as the phase allows.
    private func morningEvents(
        today: LocalDay, calendar: LocalCalendar, now: Date, training: DaemonConfig.TrainingSection, rules: SchedulingRules
    ) async throws -> ([GhostEvent], String) {
        let observations = try observations(before: today, calendar: calendar)
        let digest = SignalDigest(calendar: calendar, observations: observations, checkIns: try checkIns(before: today))
        var closed: [LocalDay] = []
        if let last = try database.lastCycleRun(kind: CycleKind.morning.rawValue).flatMap({ LocalDay(iso: $0.localDate) }) {
            var day = max(last, today.adding(days: -Self.maximumCatchUpDays))
            while day < today {
                closed.append(day)
                day = day.adding(days: 1)
            }
        }
        var events: [GhostEvent] = []
        for day in closed {
            events.append(.dayClosed(day, signalCoverage: try digest.coverage(of: day), checkedIn: digest.checkedIn(on: day)))
        }
        var notes = [closed.isEmpty ? "first morning: nothing to close yet" : "closed \(closed.count) day(s) up to \(closed.last?.description ?? "")"]
        // Health data that stopped coming counts against ghost health once, on the first morning past the limit;
        // later mornings on stale data are no success either. Never having had any is no failure (no wearable).
        events.append(.tick)
        if let newest = observations.map(\.end).max(), now.timeIntervalSince(newest) > Self.healthDataExpectedWithin {
            let age = now.timeIntervalSince(newest)
            if age <= Self.healthDataExpectedWithin + 86_400 { events.append(.backgroundFailed(.staleData)) }
            notes.append("the newest health data is \(Int(age / 3600)) hours old")
        } else {
            events.append(.backgroundSucceeded)
        }
        let inputs = try digest.recoveryInputs(on: today)
        let scores = RecoveryScores(database: database)
        let backfilled = try scores.backfill(endingOn: today, at: now)
        if backfilled > 0 { notes.append("scored \(backfilled) earlier morning(s) again with \(scores.formula.identity)") }
        notes.append(Self.recoveryNote(try scores.record(inputs, at: now), inputs: inputs))
        if digest.checkedIn(on: today) { notes.append("read this morning's check-in") }
        let outcomes = try MorningPlanner.plan(
            ghost: await ghost.current, today: today, digest: digest, intensity: SessionIntensity(rawValue: training.intensity) ?? .moderate,
            rules: rules.transformation)
        events += outcomes.flatMap(\.events)
        notes += outcomes.map(\.note)
        return (events, notes.joined(separator: "; "))
    }

    /// A check-in that arrives after today's morning cycle: recovery is scored again with it, and the morning rules
    /// read it for today's blocks that have not started yet (a reported short night, "tired"). Returns the notes of
    /// what they did; none before the morning cycle, which reads the check-in itself.
    func checkInArrived(
        now: Date, zone: TimeZone, training: DaemonConfig.TrainingSection, rules: SchedulingRules = .standard
    ) async throws -> [String] {
        let calendar = LocalCalendar(timeZone: zone)
        let today = calendar.day(of: now)
        guard try database.lastCycleRun(kind: CycleKind.morning.rawValue)?.localDate == today.description else { return [] }
        let digest = try digest(before: today, calendar: calendar)
        _ = try RecoveryScores(database: database).record(try digest.recoveryInputs(on: today), at: now)
        let ghost = await ghost.current
        let upcoming = Set(ghost.blocks.filter { $0.day == today && $0.start > now }.map(\.id))
        let outcomes = try MorningPlanner.plan(
            ghost: ghost, today: today, digest: digest, intensity: SessionIntensity(rawValue: training.intensity) ?? .moderate,
            rules: rules.transformation
        ).filter { outcome in
            outcome.events.allSatisfy { if case .adjustmentRequested(let id, _, _, _, _) = $0 { upcoming.contains(id) } else { true } }
        }
        let events = outcomes.flatMap(\.events)
        if !events.isEmpty {
            for event in events { _ = try await self.ghost.perform(event, at: now) }
            try await output.sync(now: now)
        }
        return outcomes.map(\.note)
    }

    /// The morning's recovery score in words, with the formula and input hash behind it.
    static func recoveryNote(_ score: RecoveryScore?, inputs: RecoveryInputs) -> String {
        guard let score else { return "no recovery score: \(SchedulingError.noRecoveryInputs(inputs.day).message)" }
        return "recovery \(Int(score.value.rounded()))/100 from \(score.components.map(\.name).joined(separator: ", "))"
            + " (\(score.formula.name) v\(score.formula.version), inputs \(score.inputHash.prefix(8)))"
    }

    /// The health samples and check-ins of the 31 days up to `today`, digested as the morning rules read them.
    private func digest(before today: LocalDay, calendar: LocalCalendar) throws -> SignalDigest {
        SignalDigest(
            calendar: calendar, observations: try observations(before: today, calendar: calendar), checkIns: try checkIns(before: today))
    }

    /// Check-ins of the 31 mornings up to `today`, as the morning rules read them.
    private func checkIns(before today: LocalDay) throws -> [CheckInReport] {
        try database.checkIns(from: today.adding(days: -31).description, through: today.description).compactMap { stored in
            LocalDay(iso: stored.localDate).map {
                CheckInReport(day: $0, sleptMinutes: stored.sleptMinutes, felt: stored.felt.flatMap(Feeling.init(rawValue:)), recordedAt: stored.recordedAt)
            }
        }
    }

    /// Health samples of the 31 days before `today`'s end, as the morning rules read them.
    private func observations(before today: LocalDay, calendar: LocalCalendar) throws -> [HealthObservation] {
        let from = try calendar.startOfDay(today.adding(days: -31))
        let to = try calendar.startOfDay(today.adding(days: 1))
        return try HealthObservation.Kind.allCases.flatMap { kind throws -> [HealthObservation] in
            try database.healthSamples(kind: kind.rawValue, endingFrom: from, to: to).map {
                HealthObservation(kind: kind, source: $0.source, start: $0.start, end: $0.end, value: $0.value, detail: $0.detail)
            }
        }
    }

    /// Reads the coming week's busy time and asks the Ghost to place tomorrow's block where the
    /// slot finder puts it (the engine decides whether it writes, proposes or only learns). A failed
    /// source counts against ghost health and makes its days unknown (proposals at most); during
    /// recovery time nothing is placed.
    private func eveningEvents(
        today: LocalDay, calendar: LocalCalendar, now: Date, training: DaemonConfig.TrainingSection, rules: SchedulingRules,
        home: GeoPosition?
    ) async -> ([GhostEvent], String) {
        let tomorrow = today.adding(days: 1)
        let busy: BusyResult
        do {
            busy = await output.withoutOwnBusyEvents(try await calendars.busy(
                from: try calendar.startOfDay(tomorrow), to: try calendar.startOfDay(tomorrow.adding(days: 7)), source: nil))
        } catch {
            do {
                try saveForecast(WeekForecast(firstDay: tomorrow, why: .unknownDay), now: now)
            } catch {
                logger.warning("could not save the week forecast", metadata: ["error": "\(error)"])
            }
            return (
                [.tick, .backgroundFailed(.calendarReadFailed), .dayLeftEmpty(tomorrow, .unknownDay)],
                "could not read the calendars: \(error)")
        }
        defer { prepareNextEvening(tomorrow: tomorrow, calendar: calendar) }
        let failed = busy.sources.filter { !$0.ok }.map(\.name)
        var events: [GhostEvent] = [.tick, failed.isEmpty ? .backgroundSucceeded : .backgroundFailed(.calendarReadFailed)]
        var summary = "read the week from \(tomorrow): \(busy.intervals.count) busy interval(s)"
            + (failed.isEmpty ? "" : "; failed sources: \(failed.joined(separator: ", ")), their days unknown")
        do {
            // Recovery time that reaches into tomorrow gives tomorrow a rest; one that ends tonight costs nothing.
            let tomorrowStarts = try calendar.startOfDay(tomorrow)
            if await ghost.emergencies(endingAfter: now).contains(where: { $0.isActive(at: now) && $0.endsAt > tomorrowStarts }) {
                try saveForecast(WeekForecast(firstDay: tomorrow, days: 1, why: .recoveryTime), now: now)
                events.append(.dayLeftEmpty(tomorrow, .recoveryTime))
                return (events, summary + "; recovery time runs into tomorrow, so nothing is placed")
            }
            let ghost = await ghost.current
            let planned = ghost.blocks.filter { [.scheduled, .proposed].contains($0.status) }
            let finder = try SlotFinder(calendar: calendar, settings: Self.settings(training), rules: rules)
            let busyIntervals = busy.intervals.map {
                GhostScheduling.BusyInterval(start: $0.start, end: $0.end, causes: $0.causes.map(\.summary))
            }
            let history = SessionOutcome.history(of: ghost)
            let weekEvents = await calendars.events(from: try calendar.startOfDay(tomorrow), to: try calendar.startOfDay(tomorrow.adding(days: 7)))
            let travel = try await travelDays(
                tomorrow: tomorrow, today: today, events: weekEvents, calendar: calendar, now: now, home: home, rules: rules.travel)
            if !travel.reasons.isEmpty { summary += "; travel: " + travel.reasons.joined(separator: "; ") }
            let forecasts = try WeekSkipForecast.forecast(
                firstDay: tomorrow, days: 7, slotHour: training.preferred.first?.start.hour ?? Self.defaultSlotHour,
                busy: busyIntervals, calendar: calendar, lastNightSleepMinutes: try lastNightSleep(today: today, calendar: calendar),
                history: history, rules: rules.patterns)
            let request = SlotRequest(
                firstDay: tomorrow, days: 7,
                busy: busyIntervals,
                unknownDays: busy.unknownDays.compactMap(LocalDay.init(iso:)),
                travelDays: travel.days,
                personalEvents: CalendarPersonalEvents.protected(from: weekEvents, categories: finder.rules.sacred.protectedCategories),
                sacredSlots: ghost.triage.sacredSlots,
                slotPreferences: OptimalWindows.preferences(history, rules: rules.patterns),
                skipPredictions: forecasts.map(\.request),
                existingSessions: planned.map(\.start))
            let plan = try finder.planWeek(request)
            let forecast = WeekForecast(
                plan: plan, firstDay: tomorrow, skipRisk: Dictionary(forecasts.map { ($0.day, $0.prediction.probability) }) { first, _ in first })
            try saveForecast(forecast, now: now)
            let likely = forecast.days.dropFirst().filter { $0.start != nil }.count
            summary += "; \(likely) more session(s) likely this week"
            if planned.contains(where: { $0.day == tomorrow }) {
                return (events, summary + "; tomorrow already has a block")
            }
            guard let block = plan.block(on: tomorrow) else {
                let why = forecast.days.first?.why ?? .weekFull
                events.append(.dayLeftEmpty(tomorrow, why))
                return (events, summary + "; no block tomorrow: \(why.sentence)")
            }
            let confidence = block.chosen.score
            let skip = forecasts.first { $0.day == tomorrow }
            events.append(.placementRequested(
                block.candidate(confidence: confidence, extra: skip?.receiptInputs ?? []),
                alternatives: block.alternativeCandidates(confidence: confidence)))
            summary += "; placed tomorrow at \(block.chosen.localStart) (score \(String(format: "%.2f", block.chosen.score))"
                + (skip.map { ", skip risk \(Int(($0.prediction.probability * 100).rounded()))%" } ?? "") + ")"
        } catch {
            summary += "; could not plan: \(error)"
        }
        return (events, summary)
    }

    /// Saves the evening's forecast of the week ahead.
    private func saveForecast(_ forecast: WeekForecast, now: Date) throws {
        try database.saveWeekForecast(WeekForecastRecord(madeAt: now, body: try GhostHost.encode(forecast)))
    }

    /// The last evening's forecast, if any.
    func forecast() throws -> (WeekForecast, Date)? {
        guard let stored = try database.weekForecast() else { return nil }
        return (try JSONDecoder().decode(WeekForecast.self, from: stored.body), stored.madeAt)
    }

    /// Has the calendars build tomorrow evening's week in the background once this evening has read its own
    /// (building it now would hold the calendars while this cycle still lists events).
    private func prepareNextEvening(tomorrow: LocalDay, calendar: LocalCalendar) {
        do {
            calendars.prepareInBackground(
                from: try calendar.startOfDay(tomorrow.adding(days: 1)), to: try calendar.startOfDay(tomorrow.adding(days: 8)))
        } catch {
            logger.warning("could not prepare tomorrow evening's week", metadata: ["error": "\(error)"])
        }
    }

    /// The day a weekly run stands for: the last Sunday when its weekly cycle was missed (`CyclePlanner.missedSunday`,
    /// the catch-up), otherwise today (on Sunday the week that ends, another day the week so far).
    private func weeklyDay(now: Date, calendar: LocalCalendar) throws -> LocalDay {
        let today = calendar.day(of: now)
        return CyclePlanner.missedSunday(today: today, ran: try recentRuns(before: today)) ?? today
    }

    /// The cycles run from a week before `today` on: enough for the planner to see a missed Sunday.
    func recentRuns(before today: LocalDay) throws -> Set<CycleKey> {
        Set(try database.cycleRuns(onOrAfter: today.adding(days: -7).description).compactMap { run -> CycleKey? in
            guard let kind = CycleKind(rawValue: run.kind), let day = LocalDay(iso: run.localDate) else { return nil }
            return CycleKey(kind: kind, day: day)
        })
    }

    /// Builds and saves the value receipt of the Monday–Sunday week containing `today` (on Sunday
    /// evening, or late for a missed Sunday, the week that ends). No engine events: the receipt only reads the Ghost.
    private func weeklyEvents(
        today: LocalDay, calendar: LocalCalendar, now: Date, rules: SchedulingRules
    ) async throws -> ([GhostEvent], String) {
        let monday = today.adding(days: -((today.weekday + 5) % 7))
        let stored = try database.receipts(from: try calendar.startOfDay(monday), to: try calendar.startOfDay(monday.adding(days: 7)))
        let decoder = JSONDecoder()
        let receipts = stored.compactMap { record -> DecisionReceipt? in
            do {
                return try decoder.decode(DecisionReceipt.self, from: record.body)
            } catch {
                logger.warning("a receipt the weekly summary could not read", metadata: ["receipt": "\(record.id)", "error": "\(error)"])
                return nil
            }
        }
        let previous = try database.weeklyReceipt(onOrBefore: monday.adding(days: -7).description)
            .map { try decoder.decode(WeeklyValueReceipt.self, from: $0.body) }
        let receipt = try WeeklyValueReceiptBuilder.build(
            week: monday, ghost: await ghost.current, receipts: receipts, previous: previous, patternRules: rules.patterns)
        try database.saveWeeklyReceipt(WeeklyReceiptRecord(weekStart: monday.description, builtAt: now, body: try GhostHost.encode(receipt)))
        return ([], "week of \(monday): \(receipt.clean); \(receipt.planningMinutesSaved) minutes of planning saved")
    }

    /// The week's travel days: the ranges set with `travel.set`, and the days the week's `events` and
    /// the system's time zone point to (TravelDetector), with a reason per detected day.
    private func travelDays(
        tomorrow: LocalDay, today: LocalDay, events: [ListedEvent], calendar: LocalCalendar, now: Date, home: GeoPosition?,
        rules: TravelRules
    ) async throws -> (days: [LocalDay], reasons: [String]) {
        let week = (0..<7).map { tomorrow.adding(days: $0) }
        let manual = await ghost.travelDays(among: week)
        var evidence = CalendarTravelEvidence.evidence(from: events, home: calendar, homePosition: home)
        if let change = try watchSystemZone(today: today, home: calendar.timeZone.identifier, now: now, rules: rules) {
            evidence.append(change)
        }
        let detected = try TravelDetector.travelDays(from: evidence, home: calendar, rules: rules).filter { week.contains($0.day) }
        let days = Set(manual).union(detected.map(\.day)).sorted()
        return (days, detected.map { "\($0.day) (\($0.reasons.joined(separator: ", ")))" })
    }

    /// Saves the zone vigord started with as the system's settled zone unless one is saved already, so a
    /// later restart while abroad is compared with the zone of home, not with the foreign one.
    public func settleSystemZone(now: Date) throws(StoreError) {
        guard try database.systemZone() == nil, let started = startingSystemZone, TimeZone(identifier: started) != nil else { return }
        try database.saveSystemZone(SystemZoneRecord(SystemZoneWatch(settledZone: started), at: now))
    }

    /// Reads the system zone and returns the change in force (SystemZoneWatch). The watch is saved, so a
    /// restart while abroad still sees the trip; before anything was saved, the zone vigord started with
    /// is the settled one. An unreadable or unknown system zone leaves the watch as it was.
    private func watchSystemZone(today: LocalDay, home: String, now: Date, rules: TravelRules) throws -> TravelEvidence? {
        let stored = try database.systemZone()
        let started = startingSystemZone.flatMap { TimeZone(identifier: $0) == nil ? nil : $0 }
        guard let current = systemZone(), TimeZone(identifier: current) != nil else {
            return stored.map(SystemZoneWatch.init(record:))?.evidence
        }
        let watch = stored.map(SystemZoneWatch.init(record:)) ?? SystemZoneWatch(settledZone: started ?? current)
        let next = watch.observing(current, today: today, home: home, rules: rules)
        if next != watch || stored == nil {
            try database.saveSystemZone(SystemZoneRecord(next, at: now))
        }
        return next.evidence
    }

    /// The hour skip risk is computed for when `[training] preferred` is empty.
    static let defaultSlotHour = 7

    /// True when last night's sleep (the night before `day`) was shorter than the morning rules' minimum: the
    /// notifications then wait until noon. False without sleep data or when it cannot be read.
    func poorNight(before day: LocalDay, zone: TimeZone, rules: TransformationRules = TransformationRules()) -> Bool {
        do {
            guard let minutes = try lastNightSleep(today: day, calendar: LocalCalendar(timeZone: zone)) else { return false }
            return minutes < rules.minimumSleepMinutes
        } catch {
            logger.warning("cannot read last night's sleep for the notifications", metadata: ["error": "\(error)"])
            return false
        }
    }

    /// Last night's sleep in minutes (the night before `today`), nil without sleep data.
    private func lastNightSleep(today: LocalDay, calendar: LocalCalendar) throws -> Int? {
        let digest = try digest(before: today, calendar: calendar)
        return try digest.recoveryInputs(on: today).sleepMinutes.map { Int($0.value.rounded()) }
    }

    /// The slot finder's settings from `[training]`.
    static func settings(_ training: DaemonConfig.TrainingSection) -> GhostScheduling.TrainingSettings {
        GhostScheduling.TrainingSettings(
            sessionsPerWeek: training.sessionsPerWeek, durationMinutes: training.durationMinutes,
            preferredWindows: training.preferred.map {
                GhostScheduling.TimeWindow(
                    from: WallTime(hour: $0.start.hour, minute: $0.start.minute), to: WallTime(hour: $0.end.hour, minute: $0.end.minute))
            },
            earliest: WallTime(hour: training.earliest.hour, minute: training.earliest.minute),
            latest: WallTime(hour: training.latest.hour, minute: training.latest.minute),
            bufferBeforeMinutes: training.bufferBeforeMinutes, bufferAfterMinutes: training.bufferAfterMinutes,
            restDays: training.restDays, minHoursBetweenSessions: training.minHoursBetweenSessions)
    }

    /// Deletes receipts past the engine's retention.
    private func pruneReceipts(now: Date) async throws {
        let candidates = try database.receipts(before: now.addingTimeInterval(-30 * 86_400))
        guard !candidates.isEmpty else { return }
        let receipts = candidates.compactMap { stored -> DecisionReceipt? in
            do {
                return try JSONDecoder().decode(DecisionReceipt.self, from: stored.body)
            } catch {
                logger.warning("kept an unreadable receipt", metadata: ["receipt": "\(stored.id)", "error": "\(error)"])
                return nil
            }
        }
        let prunable = await ghost.current.prunableReceipts(receipts, at: now)
        try database.deleteReceipts(ids: prunable)
        if !prunable.isEmpty { logger.info("pruned old receipts", metadata: ["count": "\(prunable.count)"]) }
    }
}
