import CivilCalendar
import ICalendarKit
import Foundation
import GhostEngine
import GhostScheduling
import Logging
import Store
import VigorRPC

/// Decides the daily cycles: reads the picture each one decides on and says its events (the backend runs them one at
/// a time, each at most once per local date, its events, receipts and mark saved in one transaction). Also reads the
/// forecast, the late check-in's rules and last night's sleep for the backend.
public actor CycleRunner {
    private let ghost: GhostHost
    private let calendars: CalendarHost
    private let database: AppDatabase
    let output: CalendarOutput
    let logger: Logger
    /// Reads the week picture every cycle decides on.
    let reader: WeekPictureReader

    public init(
        ghost: GhostHost, calendars: CalendarHost, database: AppDatabase, output: CalendarOutput, logger: Logger,
        systemZone: @escaping @Sendable () -> String? = { SystemTimeZone.identifier(environment: ProcessInfo.processInfo.environment) }
    ) {
        self.ghost = ghost
        self.calendars = calendars
        self.database = database
        self.output = output
        self.logger = logger
        reader = WeekPictureReader(
            ghost: ghost, calendars: calendars, output: output, database: database, systemZone: systemZone,
            startingSystemZone: systemZone())
    }

    /// How often the engine hears the time between cycles, at most this long apart: blocks count as missed,
    /// questions and proposals expire on time rather than at the next cycle.
    public static let tickInterval: TimeInterval = 5 * 60

    /// What a cycle decided: its events with the mark that says it ran (saved in one transaction by the backend), or
    /// that it ran that day already.
    enum CyclePlan: Sendable {
        case alreadyRan(CycleOutcome)
        case run(events: [GhostEvent], mark: CycleRun, outcome: CycleOutcome)
    }

    /// Reads the picture `kind` decides on for the local date of `now`, with the scheduling `rules` in force, and
    /// says its events, unless it already ran that day; `home` (`[schedule] home`) lets the evening's travel rules
    /// measure how far away an event takes place; the evening also decides the week's holds (`hold`:
    /// `[calendar.hold]`). The backend performs them (`GhostBackend.runCycle`).
    func plan(
        _ kind: CycleKind, now: Date, zone: TimeZone, training: DaemonConfig.TrainingSection = .init(),
        rules: SchedulingRules = .standard, home: GeoPosition? = nil, hold: HoldSettings = HoldSettings(),
        profile: TrainingProfile = TrainingProfile()
    ) async throws -> CyclePlan {
        let calendar = LocalCalendar(timeZone: zone)
        let today = kind == .weekly ? try weeklyDay(now: now, calendar: calendar) : calendar.day(of: now)
        if let earlier = try database.cycleRuns(onOrAfter: today).first(where: {
            $0.kind == kind && $0.localDate == today
        }) {
            let when = today == calendar.day(of: now) ? "today" : "for \(today)"
            return .alreadyRan(
                CycleOutcome(kind: kind, localDate: today.description, ran: false, summary: "already ran \(when): \(earlier.summary)"))
        }
        let settings = WeekPictureReader.Settings(training: training, rules: rules, home: home, profile: profile)
        let (events, summary) = switch kind {
        case .morning: try await morningEvents(today: today, calendar: calendar, now: now, settings: settings)
        case .evening: await eveningEvents(today: today, calendar: calendar, now: now, settings: settings, hold: hold).plan
        case .weekly: try await weeklyEvents(today: today, calendar: calendar, now: now, rules: rules, asked: settings.training.sessionsPerWeek)
        }
        let news = kind == .morning ? try MorningNews.read(database: database, now: now, calendar: calendar) : nil
        let said = [summary, news?.note].compactMap { $0 }.joined(separator: "; ")
        let mark = CycleRun(kind: kind, localDate: today, ranAt: now, summary: said, newHealthData: news?.isNew)
        return .run(
            events: events, mark: mark,
            outcome: CycleOutcome(kind: kind, localDate: today.description, ran: true, summary: said, newHealthData: news?.isNew))
    }

    /// Reads today's picture, has the morning plan close the past days, judge the health data and transform today's
    /// blocks, and keeps the recovery score (the store's: it is saved, and earlier mornings are scored again).
    private func morningEvents(
        today: LocalDay, calendar: LocalCalendar, now: Date, settings: WeekPictureReader.Settings
    ) async throws -> ([GhostEvent], String) {
        let picture = try await reader.morning(today: today, calendar: calendar, settings: settings)
        let lastMorning = try database.lastCycleRun(kind: .morning)?.localDate
        let plan = try MorningPlan.decide(
            picture, closing: MorningPlan.daysToClose(today: today, lastMorning: lastMorning),
            newestHealthData: picture.signals.samples.map(\.end).max(), now: now)
        var notes = plan.notes
        let inputs = try picture.signals.recoveryInputs(on: today)
        let scores = RecoveryScores(database: database)
        let backfilled = try scores.backfill(endingOn: today, at: now)
        if backfilled > 0 { notes.append("scored \(backfilled) earlier morning(s) again with \(scores.formula.identity)") }
        notes.append(Self.recoveryNote(try scores.record(inputs, at: now), inputs: inputs))
        if picture.signals.checkedIn(on: today) { notes.append("read this morning's check-in") }
        notes += plan.transformations.map(\.note)
        return (plan.events, notes.joined(separator: "; "))
    }

    /// A check-in that arrives after today's morning cycle: recovery is scored again with it, and the morning rules
    /// read it for today's blocks that have not started yet (a reported short night, "tired"). Returns their events
    /// (for the backend to decide as one) and the notes of what they do; none before the morning cycle, which reads the
    /// check-in itself.
    func lateCheckIn(
        now: Date, zone: TimeZone, training: DaemonConfig.TrainingSection, rules: SchedulingRules = .standard,
        profile: TrainingProfile = TrainingProfile()
    ) async throws -> (events: [GhostEvent], notes: [String]) {
        let calendar = LocalCalendar(timeZone: zone)
        let today = calendar.day(of: now)
        guard try database.lastCycleRun(kind: .morning)?.localDate == today else { return ([], []) }
        let picture = try await reader.morning(today: today, calendar: calendar, settings: .init(training: training, rules: rules, profile: profile))
        _ = try RecoveryScores(database: database).record(try picture.signals.recoveryInputs(on: today), at: now)
        let upcoming = Set(picture.ghost.blocks.filter { $0.day == today && $0.start > now }.map(\.id))
        let outcomes = try MorningPlan.transform(picture).filter { outcome in
            outcome.events.allSatisfy { if case .adjustmentRequested(let id, _, _, _, _) = $0 { upcoming.contains(id) } else { true } }
        }
        return (outcomes.flatMap(\.events), outcomes.map(\.note))
    }

    /// The morning's recovery score in words, with the formula and input hash behind it.
    static func recoveryNote(_ score: RecoveryScore?, inputs: RecoveryInputs) -> String {
        let strain = inputs.strainWithoutBaseline.map { "; \($0)" } ?? ""
        guard let score else { return "no recovery score: \(SchedulingError.noRecoveryInputs(inputs.day).message)" + strain }
        return "recovery \(Int(score.value.rounded()))/100 from \(score.components.map(\.name).joined(separator: ", "))"
            + " (\(score.formula.name) v\(score.formula.version), inputs \(score.inputHash.prefix(8)))" + strain
    }

    /// Reads the week from tomorrow and has the evening plan decide (`EveningPlan`); keeps its forecast.
    func eveningEvents(
        today: LocalDay, fromToday: Bool = false, calendar: LocalCalendar, now: Date, settings: WeekPictureReader.Settings,
        hold: HoldSettings
    ) async -> (plan: ([GhostEvent], String), forecast: WeekForecast?) {
        let picture: WeekPicture
        do {
            picture = try await reader.evening(today: today, fromToday: fromToday, calendar: calendar, now: now, settings: settings)
        } catch {
            return (([.tick], "could not plan: \(error)"), nil)
        }
        if picture.calendarFailure == nil { prepareNextEvening(tomorrow: picture.firstDay, calendar: calendar) }
        var plan = EveningPlan.decide(picture)
        if let forecast = plan.forecast {
            do {
                try saveForecast(forecast, now: now)
            } catch {
                logger.warning("could not save the week forecast", metadata: ["error": "\(error)"])
                plan.notes.append("could not save the week forecast: \(error)")
            }
            plan.notes.append(await holdWeek(picture, forecast: forecast, now: now, settings: hold))
        }
        return ((plan.events, plan.notes.joined(separator: "; ")), plan.forecast)
    }

    /// Saves the evening's forecast of the week ahead.
    private func saveForecast(_ forecast: WeekForecast, now: Date) throws {
        try database.saveWeekForecast(WeekForecastRecord(madeAt: now, body: try StoredJSON.encode(forecast)))
    }

    /// The last evening's forecast, if any: a read of the store, so `status` never waits behind a running cycle.
    nonisolated func forecast() throws -> (WeekForecast, Date)? {
        guard let stored = try database.weekForecast() else { return nil }
        return (try stored.value(as: WeekForecast.self), stored.madeAt)
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

    /// True when any cycle ran on a day before `today`: false on the Ghost's first day.
    func anyRun(before today: LocalDay) throws -> Bool {
        try database.hasCycleRun(before: today)
    }

    /// The cycles run from a week before `today` on: enough for the planner to see a missed Sunday.
    func recentRuns(before today: LocalDay) throws -> Set<CycleKey> {
        Set(try database.cycleRuns(onOrAfter: today.adding(days: -7)).compactMap { run -> CycleKey? in
            let (kind, day) = (run.kind, run.localDate)
            return CycleKey(kind: kind, day: day)
        })
    }

    /// Builds and saves the value receipt of the Monday–Sunday week containing `today` (on Sunday
    /// evening, or late for a missed Sunday, the week that ends). No engine events: the receipt only reads the Ghost.
    private func weeklyEvents(
        today: LocalDay, calendar: LocalCalendar, now: Date, rules: SchedulingRules, asked: Int
    ) async throws -> ([GhostEvent], String) {
        let monday = today.adding(days: -((today.weekday + 5) % 7))
        let stored = try database.receipts(from: try calendar.startOfDay(monday), to: try calendar.startOfDay(monday.adding(days: 7)))
        let receipts = try stored.map { record throws(StoreError) in try record.value(as: DecisionReceipt.self) }
        let previous = try database.weeklyReceipt(onOrBefore: monday.adding(days: -7))?.value(as: WeeklyValueReceipt.self)
        let receipt = try WeeklyValueReceiptBuilder.build(
            week: monday, ghost: await ghost.current, receipts: receipts, previous: previous, asked: asked, patternRules: rules.patterns)
        try database.saveWeeklyReceipt(WeeklyReceiptRecord(weekStart: monday, builtAt: now, body: try StoredJSON.encode(receipt)))
        return ([], "week of \(monday): \(receipt.clean); \(receipt.planningMinutesSaved) minutes of planning saved")
    }

    /// Saves the zone vigord started with as the system's settled zone unless one is saved already, so a
    /// later restart while abroad is compared with the zone of home, not with the foreign one.
    public func settleSystemZone(now: Date) throws(StoreError) {
        try reader.settleSystemZone(now: now)
    }

    /// True when last night's sleep (the night before `day`) was shorter than the morning rules' minimum: the
    /// Ghost then says nothing all day but the apology. False without sleep data or when it cannot be read.
    func poorNight(before day: LocalDay, zone: TimeZone, rules: TransformationRules = TransformationRules()) async -> Bool {
        do {
            let picture = try await reader.morning(
                today: day, calendar: LocalCalendar(timeZone: zone), settings: .init(training: .init(), rules: .standard))
            guard let minutes = try picture.lastNightSleepMinutes() else { return false }
            return rules.isShortNight(sleptMinutes: minutes)
        } catch {
            logger.warning("cannot read last night's sleep for the notifications", metadata: ["error": "\(error)"])
            return false
        }
    }

    /// Deletes receipts past the engine's retention.
    func pruneReceipts(now: Date) async throws {
        let candidates = try database.receipts(before: now.addingTimeInterval(-30 * 86_400))
        guard !candidates.isEmpty else { return }
        // A receipt that cannot be read is never pruned: it stays for the vigord that wrote it (and is logged).
        let receipts = candidates.compactMap { stored -> DecisionReceipt? in
            do throws(StoreError) {
                return try stored.value(as: DecisionReceipt.self)
            } catch {
                logger.warning("kept an unreadable receipt", metadata: ["error": "\(error)"])
                return nil
            }
        }
        let prunable = await ghost.current.prunableReceipts(receipts, at: now)
        try database.deleteReceipts(ids: prunable)
        if !prunable.isEmpty { logger.info("pruned old receipts", metadata: ["count": "\(prunable.count)"]) }
    }
}
