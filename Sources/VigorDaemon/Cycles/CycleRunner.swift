import CivilCalendar
import ICalendarKit
import Foundation
import GhostEngine
import GhostScheduling
import HealthImport
import Logging
import Store

/// Decides the daily cycles: reads the picture each one decides on and returns its `Decision` (the backend runs them one
/// at a time, each at most once per local date, and saves each decision in one transaction). Also reads the forecast,
/// the late check-in's rules and last night's sleep for the backend. It writes nothing.
public actor CycleRunner {
    let ghost: GhostHost
    private let calendars: CalendarHost
    let database: AppDatabase
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

    /// What a cycle decided: its decision with the mark that says it ran (saved in one transaction by the backend), or
    /// that it ran that day already.
    enum CyclePlan: Sendable {
        case alreadyRan(CycleReport)
        case run(Decision, outcome: CycleReport)
    }

    /// Reads the picture `kind` decides on for the local date of `now` under the user's `settings`, and returns its
    /// decision, unless it already ran that day; the evening also decides the week's holds. The backend saves it
    /// (`GhostBackend.runCycle`).
    func plan(_ kind: CycleKind, now: Date, settings: WeekPictureReader.Settings) async throws -> CyclePlan {
        let calendar = LocalCalendar(timeZone: settings.zone)
        let today = kind == .weekly ? try weeklyDay(now: now, calendar: calendar) : calendar.day(of: now)
        if let earlier = try database.cycleRuns(onOrAfter: today).first(where: {
            $0.kind == kind && $0.localDate == today
        }) {
            let when = today == calendar.day(of: now) ? "today" : "for \(today)"
            return .alreadyRan(
                CycleReport(kind: kind, localDate: today, ran: false, summary: "already ran \(when): \(earlier.summary)"))
        }
        var (decision, summary) = switch kind {
        case .morning: try await morningDecision(today: today, calendar: calendar, now: now, settings: settings)
        case .evening: await eveningDecision(today: today, calendar: calendar, now: now, settings: settings)
        case .weekly:
            try await weeklyDecision(today: today, calendar: calendar, now: now, settings: settings)
        }
        let news = kind == .morning ? try MorningNews.read(database: database, now: now, calendar: calendar) : nil
        let said = [summary, news?.note].compactMap { $0 }.joined(separator: "; ")
        decision.cycle = CycleRun(kind: kind, localDate: today, ranAt: now, summary: said, newHealthData: news?.isNew)
        return .run(
            decision, outcome: CycleReport(kind: kind, localDate: today, ran: true, summary: said, newHealthData: news?.isNew))
    }

    /// Reads today's picture, has the morning plan close the past days, judge the health data and transform today's
    /// blocks, and keeps the recovery score (earlier mornings scored again beside it) and the old receipts to prune.
    private func morningDecision(
        today: LocalDay, calendar: LocalCalendar, now: Date, settings: WeekPictureReader.Settings
    ) async throws -> (Decision, String) {
        let picture = try await reader.morning(today: today, calendar: calendar, settings: settings)
        let lastMorning = try database.lastCycleRun(kind: .morning)?.localDate
        let plan = try MorningPlan.decide(
            picture, closing: MorningPlan.daysToClose(today: today, lastMorning: lastMorning),
            newestHealthData: picture.signals.samples.map(\.end).max(),
            arrivals: try database.healthArrivals(since: now.addingTimeInterval(-Double(MorningPlan.deliveryRhythmDays) * 86_400)),
            now: now)
        var notes = plan.notes
        var decision = Decision(plan.events)
        let inputs = try picture.signals.recoveryInputs(on: today)
        let scores = RecoveryScores(database: database)
        let backfilled = try scores.backfill(endingOn: today)
        if backfilled.days > 0 { notes.append("scored \(backfilled.days) earlier morning(s) again with \(scores.formula.identity)") }
        decision.recoveryScores = backfilled.scores
        let score = scores.score(inputs)
        if let score { decision.recoveryScores.append(score) }
        notes.append(Self.recoveryNote(score, inputs: inputs))
        if inputs.sleepMinutes == nil, let waiting = try nightStillRecorded(since: now.addingTimeInterval(-Self.nightLookback), calendar: calendar) {
            notes.append(waiting)
        }
        if picture.signals.checkedIn(on: today) { notes.append("read this morning's check-in") }
        notes += plan.transformations.map(\.note)
        decision.pruning = try receiptsToPrune(now: now)
        return (decision, notes.joined(separator: "; "))
    }

    /// What a check-in decided, read from one morning picture.
    struct CheckInDecision: Sendable {
        /// The check-in; after today's morning cycle also its recovery score and the events of the morning rules.
        var decision: Decision
        /// The notes of what those rules do.
        var notes: [String]
        /// Whether last night, with the check-in, was shorter than the morning rules' minimum.
        var poorNight: Bool
    }

    /// A check-in, read with today's morning picture (the check-in in it, not saved yet). After today's morning cycle,
    /// recovery is scored again with it, and the morning rules read it for today's blocks that have not started yet (a
    /// reported short night, "tired"); before it, the morning cycle reads the check-in itself.
    func checkIn(_ checkIn: CheckIn, now: Date, settings: WeekPictureReader.Settings) async throws -> CheckInDecision {
        let calendar = LocalCalendar(timeZone: settings.zone)
        let today = calendar.day(of: now)
        let report = CheckInReport(
            day: checkIn.localDate, sleptMinutes: checkIn.sleptMinutes, felt: checkIn.felt, recordedAt: checkIn.recordedAt)
        let picture = try await reader.morning(today: today, calendar: calendar, settings: settings, checkIn: report)
        var decision = Decision()
        decision.checkIn = checkIn
        let poorNight = poorNight(picture, rules: settings.rules.transformation)
        guard try database.lastCycleRun(kind: .morning)?.localDate == today else {
            return CheckInDecision(decision: decision, notes: [], poorNight: poorNight)
        }
        let upcoming = Set(picture.ghost.blocks.filter { $0.day == today && $0.start > now }.map(\.id))
        let again = try morningAgain(picture, changing: upcoming)
        decision.recoveryScores = again.decision.recoveryScores
        decision.events = again.decision.events
        return CheckInDecision(decision: decision, notes: again.notes, poorNight: poorNight)
    }

    /// The morning decision again on `picture`, after today's morning cycle: recovery scored again, and the morning rules'
    /// changes kept for the blocks in `changing` only (a suggestion is kept as a note).
    func morningAgain(_ picture: WeekPicture, changing: Set<BlockID>) throws -> (decision: Decision, notes: [String]) {
        var decision = Decision()
        if let score = RecoveryScores(database: database).score(try picture.signals.recoveryInputs(on: picture.today)) {
            decision.recoveryScores = [score]
        }
        let outcomes = try MorningPlan.transform(picture, only: changing)
        decision.events = outcomes.flatMap(\.events)
        return (decision, outcomes.map(\.note))
    }

    /// How far back a morning without last night looks for an import that held a night back.
    static let nightLookback: TimeInterval = 12 * 3600

    /// When the newest import since `since` left a night out because the device was still recording it (a phone that
    /// exported during the night), the sentence that says so; nil otherwise.
    func nightStillRecorded(since: Date, calendar: LocalCalendar) throws -> String? {
        guard let run = try database.healthImports(limit: 1).first, run.finishedAt >= since,
              try run.value(as: HealthImportSummary.self).nightsStillRecorded > 0 else { return nil }
        let moment = calendar.moment(at: run.finishedAt)
        let name = (run.file as NSString).lastPathComponent
        return "last night was still being recorded when \(name) was read at " + String(format: "%02d:%02d", moment.hour, moment.minute)
            + ": the next copy brings it, and the morning decides again then"
    }

    /// The morning's recovery score in words, with the formula and input hash behind it.
    static func recoveryNote(_ score: RecoveryScore?, inputs: RecoveryInputs) -> String {
        let strain = inputs.strainWithoutBaseline.map { "; \($0)" } ?? ""
        guard let score else { return "no recovery score: \(inputs.noScoreReason)" + strain }
        return "recovery \(Int(score.value.rounded()))/100 from \(score.components.map(\.name).joined(separator: ", "))"
            + " (\(score.formula.name) v\(score.formula.version), inputs \(score.inputHash.prefix(8)))" + strain
    }

    /// Reads the week from tomorrow and has the evening plan decide (`EveningPlan`); its decision keeps the forecast,
    /// the week's holds and the system zone the evening observed.
    func eveningDecision(
        today: LocalDay, fromToday: Bool = false, calendar: LocalCalendar, now: Date, settings: WeekPictureReader.Settings
    ) async -> (Decision, String) {
        let picture: WeekPicture
        var decision = Decision()
        do {
            (picture, decision.systemZone) = try await reader.evening(
                today: today, fromToday: fromToday, calendar: calendar, now: now, settings: settings)
        } catch {
            return (Decision([.tick]), "could not plan: \(error)")
        }
        if picture.calendarFailure == nil { prepareNextEvening(tomorrow: picture.firstDay, calendar: calendar) }
        var plan = EveningPlan.decide(picture)
        decision.events = plan.events
        if let forecast = plan.forecast {
            decision.forecast = (forecast, now)
            plan.notes.append(await holdWeek(picture, forecast: forecast, now: now, settings: settings.hold, into: &decision))
        }
        return (decision, plan.notes.joined(separator: "; "))
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

    /// Builds the value receipt of the Monday–Sunday week containing `today` (on Sunday evening, or late for a missed
    /// Sunday, the week that ends), to keep: judged against the sessions the plan asked for (`PlanFollowing`), with a
    /// Scheduler's suggestion to plan as many as were done. No engine events: the receipt only reads the Ghost.
    private func weeklyDecision(
        today: LocalDay, calendar: LocalCalendar, now: Date, settings: WeekPictureReader.Settings
    ) async throws -> (Decision, String) {
        let current = await ghost.current
        let planning = settings.planning
        let planned = PlanFollowing.adjust(planning, ghost: current, today: today, agreed: await output.holds.book.agreedSessions)
        let rules = settings.rules
        let monday = today.adding(days: -((today.weekday + 5) % 7))
        let stored = try database.receipts(from: try calendar.startOfDay(monday), to: try calendar.startOfDay(monday.adding(days: 7)))
        let receipts = try stored.map { record throws(StoreError) in try record.value(as: DecisionReceipt.self) }
        let previous = try database.weeklyReceipt(onOrBefore: monday.adding(days: -7))?.value(as: WeeklyValueReceipt.self)
        // A week vigord did not see from its Monday on began before it was set up.
        let beforeGhost = !(try database.hasCycleRun(before: monday.adding(days: 1)))
        let receipt = try WeeklyValueReceiptBuilder.build(
            week: monday, ghost: current, receipts: receipts, previous: previous, asked: planned.promisedSessions,
            beforeGhost: beforeGhost, patternRules: rules.patterns) { done in
                PlanFollowing.suggestion(planning, ghost: current, today: today, done: done, planned: planned)
            }
        var decision = Decision()
        decision.weeklyReceipt = (monday, receipt)
        return (decision, "week of \(monday): \(receipt.clean); \(receipt.planningMinutesSaved) minutes of planning saved"
            + (beforeGhost ? "; it began before vigord was set up, so it does not count in the streak" : ""))
    }

    /// The zone vigord started with as the system's settled zone, to keep unless one is saved already, so a later
    /// restart while abroad is compared with the zone of home, not with the foreign one.
    func settledSystemZone(now: Date) throws(StoreError) -> SystemZoneRecord? {
        try reader.settledSystemZone(now: now)
    }

    /// True when last night's sleep (the night before `day`) was shorter than the morning rules' minimum: the
    /// Ghost then says nothing all day but the apology. False without sleep data or when it cannot be read.
    func poorNight(before day: LocalDay, settings: WeekPictureReader.Settings) async -> Bool {
        do {
            let picture = try await reader.morning(today: day, calendar: LocalCalendar(timeZone: settings.zone), settings: settings)
            return poorNight(picture, rules: settings.rules.transformation)
        } catch {
            logger.warning("cannot read last night's sleep for the notifications", metadata: ["error": "\(error)"])
            return false
        }
    }

    /// True when the night before `picture`'s day was shorter than `rules`' minimum; false without sleep data or when
    /// it cannot be read (logged).
    func poorNight(_ picture: WeekPicture, rules: TransformationRules) -> Bool {
        do {
            guard let minutes = try picture.lastNightSleepMinutes() else { return false }
            return rules.isShortNight(sleptMinutes: minutes)
        } catch {
            logger.warning("cannot read last night's sleep for the notifications", metadata: ["error": "\(error)"])
            return false
        }
    }

    /// Receipts past the engine's retention, to prune with the morning's decision (the Ghost after it says which go).
    /// A receipt that cannot be read is never pruned: it stays for the vigord that wrote it (and is logged).
    func receiptsToPrune(now: Date) throws -> [DecisionReceipt] {
        try database.receipts(before: now.addingTimeInterval(-30 * 86_400)).compactMap { stored -> DecisionReceipt? in
            do throws(StoreError) {
                return try stored.value(as: DecisionReceipt.self)
            } catch {
                logger.warning("kept an unreadable receipt", metadata: ["error": "\(error)"])
                return nil
            }
        }
    }
}
