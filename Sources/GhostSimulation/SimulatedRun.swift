import CivilCalendar
import Foundation
import GhostEngine
import GhostScheduling

/// The mutable state of one simulation: the ghost, the random generator, and what today produced. Every planning
/// decision is the daemon's: the scenario's day becomes a `WeekPicture`, and the evening plan, re-planning and the
/// morning rules of `GhostScheduling/Planning` decide on it.
struct SimulatedRun {
    let scenario: Scenario
    let settings: PlanningSettings
    let calendars: (any ScenarioCalendars)?
    let calendar: LocalCalendar
    let firstDay: LocalDay
    var ghost: Ghost
    var random: SplitMix64
    /// Meetings that landed on the calendar so far (a meeting change stays on the calendar once it landed).
    private var landed: [BusyInterval] = []
    /// The health readings vigord has imported so far, and the steps of yesterday still to arrive.
    private var samples: [HealthSample] = []
    /// When health data reached vigord (imports that added samples): the rhythm the morning judges its age by.
    private var arrivals: [Date] = []
    private var pendingSteps: [HealthSample] = []
    /// What the device recorded and a late delivery (`scenario.healthDelivery`) has not brought yet.
    private var inTransit = HealthInTransit()
    /// The user's morning check-ins so far.
    private var checkIns: [CheckInReport] = []
    /// The day of the last morning cycle (nil: none yet): the next morning closes the days since.
    private var lastMorning: LocalDay?
    /// Where the engine's clock stands: it hears the time whenever the clock moves on.
    private var clock: Date?
    /// The steps of the run, for replaying it against vigord.
    private(set) var steps: [SimulatedStep] = []
    /// The held time, decided as vigord's `HoldDesk` does: every evening from its forecast, again after every calendar
    /// change while something is held, and defended when the clock comes close enough.
    private(set) var holds = HoldBook()
    /// The last evening's forecast (nil before the first, or when every evening so far failed to plan).
    private var forecast: WeekForecast?
    private var today = DayLog()
    /// Busy hours on today's calendar as the morning read it (meetings landed included).
    private var busyHoursToday = 0.0
    /// What setup's first plan showed; nil: no setup was modelled.
    private(set) var setup: SetupRecord?

    init(
        scenario: Scenario, settings: PlanningSettings, engineRules: EngineRules, calendars: (any ScenarioCalendars)?,
        calendar: LocalCalendar, firstDay: LocalDay
    ) throws(SimulationError) {
        self.scenario = scenario
        self.settings = settings
        self.calendars = calendars
        self.calendar = calendar
        self.firstDay = firstDay
        random = SplitMix64(seed: scenario.seed)
        do {
            let start = if let hour = scenario.setupHour {
                try calendar.date(on: firstDay.adding(days: -1), hour: hour)
            } else {
                try calendar.startOfDay(firstDay)
            }
            ghost = Ghost(startingAt: start, timeZone: calendar.timeZone, rules: engineRules)
        } catch {
            throw SimulationError(day: 1, engineError: error)
        }
    }

    /// `vigorctl setup` ending at `hour` on the evening before day 1, as vigord's first plan: the days of the last 90
    /// that the calendars (and the scenario's weekly busy times) show (`readableHistory(before:)`) told to the Observer,
    /// the evening plan over the week from day 1
    /// (`EveningPlan.decide`: at that hour the week starts tomorrow), then the first insight from those 90 days
    /// (`HistoryReading.firstInsight`, with the forecast's windows). The user ran one command.
    mutating func runSetup(hour: Int) throws(SimulationError) {
        do {
            let eve = firstDay.adding(days: -1)
            let now = try calendar.date(on: eve, hour: hour)
            try step(at: now, .notReplayable("setup's first plan"))
            let maximum = ReadableHistory.maximumDays
            let past = try picture(today: eve, firstDay: eve.adding(days: -maximum), days: maximum)
            let readable = try readableHistory(before: eve)
            let plan = EveningPlan.decide(try picture(today: eve, firstDay: firstDay, days: 7, readsHistory: true))
            try decide(plan.events, at: now)
            let windows = plan.forecast?.days.filter { $0.start != nil }.count ?? 0
            let insight = try HistoryReading.firstInsight(past, protectedWindows: windows)
            let block = ghost.blocks.first { $0.day == firstDay && [.proposed, .scheduled].contains($0.status) }
            setup = SetupRecord(
                hour: hour, readableHistoryDays: readable, insight: insight != nil, block: block?.status,
                phase: ghost.trust.phase)
        } catch {
            throw SimulationError(day: 0, engineError: error)
        }
    }

    /// Runs one day: manual changes, the user's answer to a proposal, meetings landing (re-planning), deletion, the
    /// morning rules, the workout, the evening plan for tomorrow, misses and triage, day close.
    mutating func simulateDay(_ number: Int) throws(SimulationError) -> DayRecord {
        do {
            return try simulate(number)
        } catch {
            throw SimulationError(day: number, engineError: error)
        }
    }

    private mutating func simulate(_ number: Int) throws(EngineError) -> DayRecord {
        let day = firstDay.adding(days: number - 1)
        let travel = scenario.travelDays.contains(number)
        today = DayLog()
        if number == 1, setup != nil { today.interactions.append("setup") }
        if scenario.healthDelivery != .immediate { try recordReadings(on: day, number: number) }
        for change in scenario.manualPhaseChanges where change.day == number {
            try step(at: calendar.date(on: day, hour: 0, minute: 5), .setTrust(change.phase))
            try send(.manualPhaseChange(to: change.phase), at: calendar.date(on: day, hour: 0, minute: 5))
            today.interactions.append("trust set \(change.phase.rawValue)")
            if !change.pin {
                try step(at: calendar.date(on: day, hour: 0, minute: 6), .setTrust(nil))
                try send(.releaseManualPin, at: calendar.date(on: day, hour: 0, minute: 6))
                today.interactions.append("trust set auto")
            }
        }
        // The block last evening planned for today.
        let block = ghost.blocks.first { $0.day == day && [.scheduled, .proposed].contains($0.status) }
        if let placed = block, placed.status == .proposed, scenario.answerRate >= 1 || random.nextUnit() < scenario.answerRate {
            let accepted = random.nextUnit() < scenario.acceptRate
            let at = try calendar.date(on: day, hour: 5, minute: 30)
            try step(at: at, .answerProposal(block: placed.id.rawValue, accept: accepted))
            try send(.proposalAnswered(placed.id, accepted: accepted), at: at)
            today.interactions.append("\(accepted ? "accept" : "decline") \(placed.id)")
        }
        // Whether the user answers the morning's question, if one is asked (drawn first, as every morning).
        let answersCheckIn = scenario.checkInRate > 0 && random.nextUnit() < scenario.checkInRate
        try landMeetings(on: day, number: number)
        if scenario.healthDelivery == .immediate { try receiveReadings(on: day, number: number) }
        try runMorning(of: day, number: number)
        let crashing = scenario.crashDays.contains(number)
        if crashing {
            let pressed = try calendar.date(on: day, hour: 6, minute: 5)
            try step(at: pressed, .crashing(minutes: 240))
            try send(.emergencyClear(reason: RedButton.reason(minutes: 240), until: pressed.addingTimeInterval(240 * 60)), at: pressed)
            today.interactions.append("crashing")
        }
        if !crashing, let placed = block, placed.origin == .auto, scenario.deletionDays.contains(number),
            ghost.block(placed.id)?.status == .scheduled
        {
            let at = try calendar.date(on: day, hour: 6, minute: 5)
            try step(at: at, .deleteBlock(block: placed.id.rawValue))
            try send(.autoBlockDeleted(placed.id), at: at)
            try calendarChanged(on: day, at: at)
            today.deletions += 1
            today.interactions.append("delete \(placed.id)")
        }
        if answersCheckIn { try checkIn(on: day, number: number) }
        if !travel, !crashing {
            try work(on: day, number: number, block: block.flatMap { ghost.block($0.id) })
        }
        let wantedBefore = Set(GhostMessages.pending(ghost: ghost, now: try calendar.date(on: day, hour: 21), breakerFiredAt: nil).map(\.key))
        try planEvening(of: day, number: number)
        try answerWeeklyQuestion(on: day)
        try failNotification(on: day, number: number, wantedBefore: wantedBefore)
        try step(at: calendar.date(on: day, hour: 23), .clock)
        try answerTriage(on: day, number: number)
        return record(number: number, day: day, travel: travel)
    }

    /// On a failed-notification day the evening's delivery fails at 21:01, and counts against ghost health, when the
    /// evening had something new to say (what `GhostMessages` wants then and did not before the evening plan, e.g.
    /// tomorrow's proposal). With nothing to deliver there is no delivery to fail: vigord counts only failed deliveries.
    private mutating func failNotification(on day: LocalDay, number: Int, wantedBefore: Set<String>) throws(EngineError) {
        guard scenario.notificationFailureDays.contains(number) else { return }
        let at = try calendar.date(on: day, hour: 21, minute: 1)
        let due = GhostMessages.pending(ghost: ghost, now: at, breakerFiredAt: nil).filter { !wantedBefore.contains($0.key) }
        guard !due.isEmpty else { return }
        try step(at: at, .notReplayable("a notification that could not be delivered"))
        try send(.backgroundFailed(.notificationFailed), at: at)
    }

    /// The clock moves on to `date` and `action` happens there: the engine hears the time first (vigord's cycle
    /// service tells it after every clock change, so blocks count as missed and proposals expire on time).
    /// Deliveries that land by then (`deliver(landingBy:)`) come first, each at its own time.
    private mutating func step(at date: Date, _ action: StepAction) throws(EngineError) {
        try deliver(landingBy: date)
        try advance(to: date)
        steps.append(SimulatedStep(at: date, action: action))
    }

    /// The engine hears the time when the clock moves on to `date`, and held time due for defence is defended.
    private mutating func advance(to date: Date) throws(EngineError) {
        if clock.map({ date > $0 }) ?? true {
            // One decision, as vigord's tick: the engine hears the time, the holds due are defended.
            let phase = ghost.trust.phase
            today.absorb(try ghost.handle(.tick, now: date))
            holds = HoldDefence.defendingDue(holds, now: date, settings: holds.settings ?? HoldSettings())
            clock = date
            try holdsFollowPhase(from: phase, at: date)
        }
    }

    /// Every late delivery landing by `date` reaches vigord at its time, earliest first, as a watched source's new
    /// file does: its readings are imported and each workout record is reported (`workoutRecorded`, as vigord's import
    /// reports one), which completes the block it lies in while that block is scheduled, or missed with its triage
    /// question still open; otherwise the engine counts it as a workout on the user's own.
    private mutating func deliver(landingBy date: Date) throws(EngineError) {
        while let parcel = inTransit.takeNext(landingBy: date) {
            let at = max(parcel.arrival, clock ?? parcel.arrival)
            try advance(to: at)
            steps.append(SimulatedStep(at: at, action: .importReadings(parcel.samples)))
            samples += parcel.samples
            if !parcel.samples.isEmpty { arrivals.append(at) }
            try decide(parcel.workouts.map { .workoutRecorded($0) }, at: at)
            try nightLandedAfterMorning(parcel.samples, at: at)
        }
    }

    /// Last night's data that lands after the morning cycle that wanted it: as vigord's import does (`LateNight`), the
    /// morning decides again, once per arrival, while today's first block has not started, on the blocks it may still
    /// change (`MorningPlan.transform(_:only:)`); a check-in already given stays.
    private mutating func nightLandedAfterMorning(_ arrived: [HealthSample], at date: Date) throws(EngineError) {
        let day = calendar.day(of: date)
        let verdict = try LateNight.verdict(
            arrived: arrived, today: day, lastMorning: lastMorning, ghost: ghost, now: date, calendar: calendar)
        guard verdict == .decideAgain else { return }
        let changing = LateNight.blocksToDecide(ghost: ghost, today: day, now: date)
        let current = try picture(today: day, firstDay: day, days: 1, readsHistory: true)
        try decide(try MorningPlan.transform(current, only: changing).flatMap(\.events), at: date)
    }

    /// At 06:20, when the morning asks "Slept well?" (`CheckInQuestion`: no device recorded the night by the morning
    /// cycle), the user who answers (`checkInRate`, drawn at the start of the day) checks in (`vigorctl checkin
    /// --felt ok`); the next morning closes today with it. A morning that asks nothing gets no check-in.
    private mutating func checkIn(on day: LocalDay, number: Int) throws(EngineError) {
        let wakeUp = try calendar.date(on: day, hour: 6)
        let newestNight = samples.filter { $0.kind == .sleep && $0.end <= wakeUp }.map(\.end).max()
        let recorded = MorningPlan.deviceRecordsNights(newestNight: newestNight, arrivals: arrivals, now: wakeUp)
        guard CheckInQuestion.morning(
            today: day, hour: 6, morningCycleRanToday: true, cycleRanBeforeToday: number > 1,
            checkedInToday: checkIns.contains { $0.day == day }, deviceRecordsNights: recorded) != nil
        else { return }
        let at = try calendar.date(on: day, hour: 6, minute: 20)
        try step(at: at, .checkIn)
        checkIns.append(CheckInReport(day: day, sleptMinutes: nil, felt: .ok, recordedAt: at))
        today.interactions.append("checkin")
    }

    /// At 05:50 the wearable syncs: this morning's readings and yesterday's steps arrive (`HealthReadings`), as many as
    /// the day's coverage drawn from `healthSignals.coverage` says; none on a stale-health day.
    private mutating func receiveReadings(on day: LocalDay, number: Int) throws(EngineError) {
        let readings = try drawReadings(day: number)
        let arriving = pendingSteps + readings.morning
        pendingSteps = readings.steps
        guard !arriving.isEmpty else { return }
        let at = try calendar.date(on: day, hour: 5, minute: 50)
        try step(at: at, .importReadings(arriving))
        samples += arriving
        arrivals.append(at)
    }

    /// With a late delivery, the device records the day's readings at midnight, as many as the day's coverage says
    /// (`drawReadings`), and each goes with the first delivery at or after its end (`HealthDelivery.arrival`).
    private mutating func recordReadings(on day: LocalDay, number: Int) throws(EngineError) {
        let readings = try drawReadings(day: number)
        for sample in readings.morning + readings.steps {
            guard let arrival = try scenario.healthDelivery.arrival(ofRecordEndingAt: sample.end, firstDay: firstDay, calendar: calendar)
            else { continue }
            inTransit.add(sample, arriving: arrival)
        }
    }

    /// Day `number`'s readings: coverage × 4 of its signals, the coverage drawn from `healthSignals.coverage`; none on a
    /// stale-health day.
    private mutating func drawReadings(day number: Int) throws(EngineError) -> (morning: [HealthSample], steps: [HealthSample]) {
        let coverage = scenario.healthSignals.coverage
        let drawn = coverage.min + (coverage.max - coverage.min) * random.nextUnit()
        let count = scenario.staleHealthDays.contains(number) ? 0 : HealthReadings.signals(coverage: drawn)
        return try HealthReadings(calendar: calendar, scenario: scenario, firstDay: firstDay).readings(day: number, count: count)
    }

    /// The morning cycle at 06:00, as vigord's: `MorningPlan.decide` closes the days since the last morning with the
    /// coverage of their readings and their check-ins, judges the health data's age, and transforms today's blocks (a
    /// change goes to the engine at Transformer and above, below it is logged as a suggestion); the user keeps or
    /// reverts an applied change at 06:15 (`revertDays`).
    private mutating func runMorning(of day: LocalDay, number: Int) throws(EngineError) {
        let now = try calendar.date(on: day, hour: 6)
        try step(at: now, .morningCycle)
        let current = try picture(today: day, firstDay: day, days: 1, readsHistory: true)
        busyHoursToday = try Self.hours(of: current.busy, on: day, calendar: calendar)
        let plan = try MorningPlan.decide(
            current, closing: MorningPlan.daysToClose(today: day, lastMorning: lastMorning),
            newestHealthData: current.signals.samples.map(\.end).max(), arrivals: arrivals, now: now)
        lastMorning = day
        var applied: [BlockID] = []
        for (event, effects) in zip(plan.events, try decide(plan.events, at: now)) {
            if case .adjustmentRequested(let id, _, _, _, _) = event,
                effects.contains(where: { if case .recordReceipt = $0 { true } else { false } })
            {
                applied.append(id)
            }
        }
        today.suggestions += plan.transformations.filter(\.events.isEmpty).map(\.note)
        for id in applied {
            let kept = !scenario.revertDays.contains(number)
            let at = try calendar.date(on: day, hour: 6, minute: 15)
            try step(at: at, .answerTransformation(block: id.rawValue, kept: kept))
            try send(.transformationOutcome(id, kept: kept), at: at)
            if !kept { today.interactions.append("revert \(id)") }
        }
    }

    /// The scenario's week from `firstDay` as a picture: its weekly busy times, the meetings landed so far and its
    /// calendars, its travel days, and the Ghost; the signals are `day`'s morning signals. A failed source makes every
    /// day of the picture unknown, as the calendar module does. With `readsHistory` (a morning's or an evening's, as in
    /// vigord) an Observer's picture counts the readable history.
    private func picture(
        today day: LocalDay, firstDay first: LocalDay, days: Int, failedSources: [String] = [], readsHistory: Bool = false
    ) throws(EngineError) -> WeekPicture {
        let covered = (0..<days).map { first.adding(days: $0) }
        var busy: [BusyInterval] = []
        for covering in covered {
            busy += try ScenarioBusy.intervals(scenario, on: covering, firstDay: firstDay, calendar: calendar)
        }
        let dayNumber = { (covering: LocalDay) in self.firstDay.days(until: covering) + 1 }
        var picture = WeekPicture(
            calendar: calendar, today: day, firstDay: first, days: days, ghost: ghost, settings: settings,
            busy: busy + landed, failedSources: failedSources,
            unknownDays: failedSources.isEmpty ? [] : covered,
            manualTravelDays: covered.filter { scenario.travelDays.contains(dayNumber($0)) },
            signals: try signals(today: day), agreedSessions: holds.agreedSessions, weekAcceptance: holds.acceptance)
        calendars?.add(to: &picture)
        if readsHistory, ghost.trust.phase == .observer { picture.readableHistoryDays = try readableHistory(before: day) }
        return picture
    }

    /// The days of the last `ReadableHistory.maximumDays` before `day` that vigord's reader shows (`ReadableHistory`):
    /// the scenario's busy time and calendars there (its `historyDays` before day 1 among them), the meetings landed,
    /// and the health readings imported that ended before `day`.
    private func readableHistory(before day: LocalDay) throws(EngineError) -> Int {
        let first = day.adding(days: -ReadableHistory.maximumDays)
        var busy: [BusyInterval] = landed
        for past in 0..<ReadableHistory.maximumDays {
            busy += try ScenarioBusy.intervals(scenario, on: first.adding(days: past), firstDay: firstDay, calendar: calendar)
        }
        let from = try calendar.startOfDay(first).addingTimeInterval(-86_400)
        let to = try calendar.startOfDay(day)
        var history = WeekPicture(
            calendar: calendar, today: day, firstDay: first, days: ReadableHistory.maximumDays, ghost: ghost, settings: settings,
            busy: busy, signals: SignalDigest(calendar: calendar, samples: samples.filter { $0.end >= from && $0.end < to }))
        calendars?.add(to: &history)
        guard history.calendarFailure == nil else { return 0 }
        return try ReadableHistory.days(history)
    }

    /// Busy time on `day` from `from` up to `to` (24: midnight).
    private func interval(on day: LocalDay, from: Int, to: Int, cause: BusyCause) throws(EngineError) -> BusyInterval {
        let end = to == 24 ? try calendar.startOfDay(day.adding(days: 1)) : try calendar.date(on: day, hour: to)
        return BusyInterval(start: try calendar.date(on: day, hour: from), end: end, causes: [cause])
    }

    /// At 05:45 the day's meeting changes land on the calendar and the daemon's re-planning runs: each block ahead now
    /// in conflict goes to the engine with where "move later" puts it; a move proposal is accepted with `acceptRate`
    /// at 05:50.
    private mutating func landMeetings(on day: LocalDay, number: Int) throws(EngineError) {
        let meetings = scenario.meetingChanges.filter { $0.day == number }
        guard !meetings.isEmpty else { return }
        var arriving: [BusyInterval] = []
        for meeting in meetings {
            arriving.append(try interval(on: day, from: meeting.fromHour, to: meeting.toHour, cause: BusyCause(source: "scenario", summary: meeting.title)))
        }
        landed += arriving
        let now = try calendar.date(on: day, hour: 5, minute: 45)
        try step(at: now, .meetingsLanded(arriving))
        // As vigord re-plans: every conflict first (`Replanning.conflicts`), then the user answers the moves it proposed.
        let ahead = try Replanning.blocksToCheck(ghost, today: day, calendar: calendar, now: now)
        var proposedMoves: [BlockID] = []
        if !ahead.isEmpty {
            var current = try picture(today: day, firstDay: day, days: Replanning.pictureDays(rules: settings.rules))
            let events: [GhostEvent]
            do {
                events = try Replanning.conflicts(of: ahead, in: &current, now: now)
            } catch {
                throw error.engineError
            }
            for (event, effects) in zip(events, try decide(events, at: now)) {
                guard case .conflictFound(let found) = event,
                      effects.contains(where: { if case .proposeMove = $0 { true } else { false } }) else { continue }
                proposedMoves.append(found.block)
            }
        }
        for block in proposedMoves {
            let accepted = random.nextUnit() < scenario.acceptRate
            let at = try calendar.date(on: day, hour: 5, minute: 50)
            try step(at: at, .answerProposal(block: block.rawValue, accept: accepted))
            try send(.moveAnswered(block, accepted: accepted), at: at)
            today.interactions.append("move \(block)")
        }
        try calendarChanged(on: day, at: now)
    }

    /// The readings and check-ins vigord's reader puts in a picture on `day`: those of the last
    /// `WeekPicture.signalHistoryDays` days up to the end of `day`.
    private func signals(today day: LocalDay) throws(EngineError) -> SignalDigest {
        let from = try calendar.startOfDay(day.adding(days: -WeekPicture.signalHistoryDays))
        let to = try calendar.startOfDay(day.adding(days: 1))
        let earliest = day.adding(days: -WeekPicture.signalHistoryDays)
        return SignalDigest(
            calendar: calendar, samples: samples.filter { $0.end >= from && $0.end < to },
            checkIns: checkIns.filter { $0.day >= earliest && $0.day <= day }, recordedWorkouts: SignalDigest.recordedWorkouts(of: ghost))
    }

    /// The evening cycle at 21:00: the daemon's evening plan over the week from tomorrow; an unknown day tomorrow is
    /// a calendar that could not be read this evening.
    private mutating func planEvening(of day: LocalDay, number: Int) throws(EngineError) {
        let tomorrow = day.adding(days: 1)
        let failed = scenario.unknownDays.contains(number + 1) ? ["scenario"] : []
        let now = try calendar.date(on: day, hour: 21)
        try step(at: now, failed.isEmpty ? .eveningCycle : .eveningCycleWithUnreadableCalendar)
        // An unreadable calendar is a change vigord re-plans for, before the evening and again once it reads again.
        if !failed.isEmpty { try calendarChanged(on: day, at: now, failedSources: failed) }
        var evening = try picture(today: day, firstDay: tomorrow, days: 7, failedSources: failed, readsHistory: true)
        evening.heldDays = holds.userHeldDays
        evening.releasedDays = holds.consent.releasedDays
        let plan = EveningPlan.decide(evening)
        if plan.forecast == nil, let note = plan.notes.last {
            throw EngineError.invalidRule(name: "config", problem: note)
        }
        if let made = plan.forecast {
            forecast = made
            decideHolds(evening, now: now)
        }
        today.week = plan.week
        try decide(plan.events, at: now)
        if !failed.isEmpty { try calendarChanged(on: day, at: now) }
    }

    /// Sunday's weekly receipt at 21:05, right after the evening (vigord's weekly cycle follows it), and what it asks a
    /// Scheduler: "hold these?" and, after a week with more workouts than the plan asked, "plan N?" (`PlanFollowing`,
    /// on the receipt vigord builds). One message: it is answered with the answer rate, each question with the accept
    /// rate. Yes to the first (the button, as `vigorctl plan --hold week`) holds the week and accepts the sessions it
    /// named (`HoldBook.acceptWeek`), tomorrow's proposal first, so their evenings ask nothing; yes to the second (`vigorctl plan --sessions N`)
    /// has the plan ask for N from the next evening on. No answer keeps the daily proposals and the plan.
    private mutating func answerWeeklyQuestion(on day: LocalDay) throws(EngineError) {
        guard day.weekday == 1 else { return }
        let now = try calendar.date(on: day, hour: 21, minute: 5)
        let phase = ghost.trust.phase
        let proposal = phase == .scheduler ? HoldQuestion.proposalNamed(forecast: forecast, ghost: ghost, now: now) : nil
        let asksHold = HoldQuestion.sentence(
            forecast: forecast, book: holds, phase: phase, calendar: calendar, now: now, proposal: proposal)?.asks == true
        let suggestion = try weeklySuggestion(on: day)
        guard asksHold || suggestion != nil else { return }
        today.questions += 1
        guard scenario.answerRate >= 1 || random.nextUnit() < scenario.answerRate else { return }
        if asksHold, random.nextUnit() < scenario.acceptRate {
            let days: [LocalDay]
            do {
                days = try HoldDayName.days(HoldDayName.wholeWeek, after: day)
            } catch {
                throw error.engineError
            }
            try step(at: now, .holdWeek)
            holds.acceptWeek(days, forecast: forecast, phase: phase, now: now, proposal: proposal)
            // Tomorrow's proposal, named first, is accepted with the week (vigord's `plan --hold week` does the same).
            if let proposal, holds.acceptance?.sessions.contains(where: { $0.day == proposal.day }) == true {
                try send(.proposalAnswered(proposal.id, accepted: true), at: now)
            }
            decideHolds(try picture(today: day, firstDay: day, days: Replanning.pictureDays(rules: settings.rules)), now: now)
            today.interactions.append("hold week")
        }
        if let suggestion, random.nextUnit() < scenario.acceptRate {
            try step(at: now, .planSessions(suggestion.sessions))
            holds.agreedSessions = AgreedSessions(count: suggestion.sessions, asked: settings.training.sessionsPerWeek, agreedAt: now)
            today.interactions.append("plan \(suggestion.sessions) sessions")
        }
    }

    /// The suggestion of the weekly receipt vigord builds on Sunday `day` for the week that ends (`PlanFollowing`).
    private func weeklySuggestion(on day: LocalDay) throws(EngineError) -> PlanFollowing.Suggestion? {
        let planned = PlanFollowing.adjust(settings, ghost: ghost, today: day, agreed: holds.agreedSessions)
        let receipt = try WeeklyValueReceiptBuilder.build(
            week: day.adding(days: -6), ghost: ghost, receipts: [], previous: nil, asked: planned.promisedSessions) { done in
                PlanFollowing.suggestion(settings, ghost: ghost, today: day, done: done, planned: planned)
            }
        return receipt.suggestion
    }

    /// After a change of the calendars (a deletion in vigord's, meetings landing, a calendar unreadable or read again)
    /// vigord re-plans: while something is held, the holds are decided again on the re-planning picture with the last
    /// forecast.
    private mutating func calendarChanged(on day: LocalDay, at now: Date, failedSources: [String] = []) throws(EngineError) {
        guard !holds.holds.isEmpty else { return }
        decideHolds(
            try picture(today: day, firstDay: day, days: Replanning.pictureDays(rules: settings.rules), failedSources: failedSources), now: now)
    }

    /// The holds of `picture`'s week from the last forecast (`HoldPlan`), with vigord's default settings (a scenario
    /// sets no `[calendar.hold]`). A plan that fails keeps the book as it was, as vigord's does (it logs the failure).
    private mutating func decideHolds(_ picture: WeekPicture, now: Date) {
        do {
            holds = try HoldPlan.decide(picture, forecast: forecast, book: holds, now: now, settings: HoldSettings()).book
        } catch {
            today.suggestions.append("could not hold the week: \(error)")
        }
    }

    /// The days after `day` as `plan.week` shows them at the end of it (`WeekOutlookDay`), as compared with vigord.
    func weekAhead(of day: LocalDay) -> [String] {
        guard let forecast else { return [] }
        return WeekOutlookDay.days(forecast, ghost: ghost, after: day, holds: holds).map { entry, outlook in
            let start = outlook.start(of: entry).map { date -> String in
                let moment = calendar.moment(at: date)
                return String(format: "%02d:%02d", moment.hour, moment.minute)
            }
            let defended: Bool? = if case .held(let hold) = outlook { hold.defended } else { nil }
            return ComparedDay.weekDay(
                date: entry.date, status: outlook.status(of: entry), start: start, kind: outlook.kind(of: entry)?.rawValue,
                why: outlook.why(of: entry), defended: defended)
        }
    }

    /// The user works out in the day's block (if on the calendar) or, without one, on their own; not today when
    /// the block moved to another day. With a `behaviour` the model decides (`plannedStart`); without one, the day's
    /// completion chance does, block or not, and a deletion day has no workout.
    private mutating func work(on day: LocalDay, number: Int, block: ScheduledBlock?) throws(EngineError) {
        let rate = scenario.completion.rate(onDay: number)
        // A block a meeting pushed to another day is that day's session.
        if let block, block.day != day { return }
        let deleted = scenario.deletionDays.contains(number) || block?.status == .removed
        let scheduled = deleted ? nil : block.flatMap { $0.status == .scheduled ? $0 : nil }
        let start: Date
        if let behaviour = scenario.behaviour {
            guard let chosen = try plannedStart(behaviour, on: day, number: number, block: scheduled, readiness: rate) else { return }
            start = chosen
        } else {
            if deleted { return }
            guard random.nextUnit() < rate else { return }
            start = if let scheduled {
                scheduled.start.addingTimeInterval(600)
            } else {
                try ownStart(on: day, hour: nil)
            }
        }
        let inBlock = scheduled.map { start >= $0.start && start < $0.end } ?? false
        let end = start.addingTimeInterval(TimeInterval(settings.training.durationMinutes * 60) - 600)
        let arrival = scenario.workoutReports == .detected
            ? try scenario.healthDelivery.arrival(ofRecordEndingAt: end, firstDay: firstDay, calendar: calendar) : nil
        today.workout = WorkoutRecord(
            inGhostBlock: inBlock, reported: scenario.workoutReports,
            tookInput: scenario.workoutReports == .logged || (inBlock && scheduled?.origin == .proposal),
            reachesGhostOnDay: arrival.map { firstDay.days(until: calendar.day(of: $0)) + 1 })
        switch scenario.workoutReports {
        case .detected:
            let record = HealthSample(
                kind: .workout, source: HealthReadings.source, start: start, end: end,
                value: Double(settings.training.durationMinutes - 10), detail: "training")
            let report = WorkoutReport(imported: record, id: "sample:\(Int(start.timeIntervalSince1970))")
            if let arrival {
                // A late delivery brings the record (`deliver(landingBy:)`).
                inTransit.add(record, workout: report, arriving: arrival)
                return
            }
            // The wearable records the workout and syncs five minutes after it ends: vigord imports the record.
            try step(at: end.addingTimeInterval(300), .importReadings([record]))
            samples.append(record)
            arrivals.append(end.addingTimeInterval(300))
            try send(.workoutRecorded(report), at: end.addingTimeInterval(300))
        case .logged:
            let report = WorkoutReport.logged(start: start, end: end)
            try step(at: end.addingTimeInterval(300), .logWorkout(start: start, minutes: settings.training.durationMinutes - 10))
            try send(.workoutRecorded(report), at: end.addingTimeInterval(300))
            today.interactions.append("log")
        case .none:
            return
        }
    }

    /// With a behaviour model, when the user trains today, if at all: in the scheduled block with the response's chance
    /// (its hour against the habit's, today's busy hours, last night's sleep, accepted or written); otherwise — no
    /// block, or a skipped block 2 hours or more from the habit's hour — on their own at the habit's hour with the
    /// habit's chance.
    private mutating func plannedStart(
        _ behaviour: TrainingBehaviour, on day: LocalDay, number: Int, block: ScheduledBlock?, readiness: Double
    ) throws(EngineError) -> Date? {
        if let block {
            let moment = calendar.moment(at: block.start)
            let blockHour = Double(moment.hour) + Double(moment.minute) / 60
            let slept = scenario.morningSignals.last { $0.day == number }?.sleepMinutes ?? HealthReadings.sleepMinutes
            let shortNight = behaviour.shortNights.contains(number) || slept < behaviour.response.shortNightMinutes
            let chance = behaviour.chanceInBlock(
                blockHour: blockHour, accepted: block.origin == .proposal, weekday: day.weekday, busyHours: busyHoursToday,
                shortNight: shortNight, readiness: readiness)
            if random.nextUnit() < chance { return block.start.addingTimeInterval(600) }
            if abs(blockHour - Double(behaviour.habit.hour)) < 2 { return nil }
        }
        guard random.nextUnit() < behaviour.chanceOnOwn(weekday: day.weekday, readiness: readiness) else { return nil }
        return try ownStart(on: day, hour: behaviour.habit.hour)
    }

    /// Ten minutes past `hour` (nil: the start of the first preferred window, else the evening plan's default hour).
    private func ownStart(on day: LocalDay, hour: Int?) throws(EngineError) -> Date {
        let own = hour.map { TimeOfDay(hour: $0) } ?? settings.training.preferredWindows.first?.from ?? TimeOfDay(hour: EveningPlan.defaultSlotHour)
        return try calendar.date(on: day, hour: own.hour, minute: own.minute + 10)
    }

    /// Hours of `busy` on `day`, overlaps counted once.
    static func hours(of busy: [BusyInterval], on day: LocalDay, calendar: LocalCalendar) throws(EngineError) -> Double {
        let from = try calendar.startOfDay(day), to = try calendar.startOfDay(day.adding(days: 1))
        var total: TimeInterval = 0
        var reach = from
        for interval in busy.sorted(by: { $0.start < $1.start }) {
            let start = max(interval.start, reach), end = min(interval.end, to)
            if end > start {
                total += end.timeIntervalSince(start)
                reach = end
            }
        }
        return total / 3600
    }

    /// Answers today's open question (always on a `byDay` day, else with the answer rate). Health data landing by then
    /// comes first: a late workout that completes the missed block withdraws its question, and nothing is answered.
    private mutating func answerTriage(on day: LocalDay, number: Int) throws(EngineError) {
        guard let asked = ghost.triage.openQuestion, calendar.day(of: asked.askedAt) == day else { return }
        let forced = scenario.triage.byDay.contains { $0.day == number }
        guard forced || random.nextUnit() < scenario.triage.answerRate else { return }
        let at = try calendar.date(on: day, hour: 23, minute: 30)
        try deliver(landingBy: at)
        guard let open = ghost.triage.openQuestion, open.block == asked.block else { return }
        let answer = scenario.triage.answer(onDay: number)
        try step(at: at, .answerTriage(block: open.block.rawValue, reason: answer))
        try send(.triageAnswered(open.block, answer), at: at)
        today.interactions.append("triage \(open.block)")
    }

    /// Sends an event to the ghost as a decision of its own (`decide`).
    @discardableResult
    private mutating func send(_ event: GhostEvent, at date: Date) throws(EngineError) -> [GhostEffect] {
        try decide([event], at: date).flatMap { $0 }
    }

    /// The events of one of vigord's decisions, in order, each with its effects (today's record absorbs them); then the
    /// held time follows a trust phase they moved, as vigord's backend has it after each decision.
    @discardableResult
    private mutating func decide(_ events: [GhostEvent], at date: Date) throws(EngineError) -> [[GhostEffect]] {
        let phase = ghost.trust.phase
        var effects: [[GhostEffect]] = []
        for event in events {
            effects.append(try ghost.handle(event, now: date))
            today.absorb(effects[effects.count - 1])
        }
        try holdsFollowPhase(from: phase, at: date)
        return effects
    }

    /// When the phase moved from `before` (`HoldPlan.followsPhase`), the holds are decided again on the re-planning
    /// picture with the last forecast, as vigord's backend does.
    private mutating func holdsFollowPhase(from before: TrustPhase, at date: Date) throws(EngineError) {
        guard HoldPlan.followsPhase(from: before, to: ghost.trust.phase) else { return }
        let day = calendar.day(of: date)
        let kept = holds
        decideHolds(try picture(today: day, firstDay: day, days: Replanning.pictureDays(rules: settings.rules)), now: date)
        // Kept as it was unless a hold came or went, as vigord saves it.
        if holds.holds == kept.holds { holds = kept }
    }

    private func record(number: Int, day: LocalDay, travel: Bool) -> DayRecord {
        let blocks = ghost.blocks.filter { $0.day == day }.map { block in
            let moment = calendar.moment(at: block.start)
            let start = String(format: "%02d:%02d", moment.hour, moment.minute)
            return BlockRecord(id: block.id.rawValue, start: start, origin: block.origin, status: block.status, kind: block.currentKind)
        }
        return DayRecord(
            day: number, date: day.description, travel: travel, trustPhase: ghost.trust.phase,
            trustScore: ghost.trust.score, healthPhase: ghost.health.phase, healthConfidence: ghost.healthConfidence,
            ghostHealth: ghost.ghostHealth.mode, blocks: blocks, deletions: today.deletions,
            breakerFirings: today.breakerFirings, apologies: today.apologies, phaseChanges: today.phaseChanges,
            healthChanges: today.healthChanges, triage: today.triage, suggestions: today.suggestions,
            receipts: today.receipts, interactions: today.interactions, workout: today.workout, week: today.week,
            questions: today.questions)
    }
}
