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
    /// When the newest health data ended (nil: none yet), for the mornings' health-data check.
    private var newestHealthData: Date?
    private var today = DayLog()

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
            ghost = Ghost(startingAt: try calendar.startOfDay(firstDay), timeZone: calendar.timeZone, rules: engineRules)
        } catch {
            throw SimulationError(day: 1, engineError: error)
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
        for change in scenario.manualPhaseChanges where change.day == number {
            try send(.manualPhaseChange(to: change.phase), at: calendar.date(on: day, hour: 0, minute: 5))
            today.interactions.append("trust set \(change.phase.rawValue)")
            if !change.pin {
                try send(.releaseManualPin, at: calendar.date(on: day, hour: 0, minute: 6))
                today.interactions.append("trust set auto")
            }
        }
        // The block last evening planned for today.
        let block = ghost.blocks.first { $0.day == day && [.scheduled, .proposed].contains($0.status) }
        if let placed = block, placed.status == .proposed, scenario.answerRate >= 1 || random.nextUnit() < scenario.answerRate {
            let accepted = random.nextUnit() < scenario.acceptRate
            try send(.proposalAnswered(placed.id, accepted: accepted), at: calendar.date(on: day, hour: 5, minute: 30))
            today.interactions.append("\(accepted ? "accept" : "decline") \(placed.id)")
        }
        try judgeHealthData(on: day)
        try landMeetings(on: day, number: number)
        let crashing = scenario.crashDays.contains(number)
        if crashing {
            let pressed = try calendar.date(on: day, hour: 6)
            try send(.emergencyClear(reason: "240 minutes (vigorctl crashing)", until: pressed.addingTimeInterval(240 * 60)), at: pressed)
            today.interactions.append("crashing")
        }
        if !crashing, let placed = block, placed.origin == .auto, scenario.deletionDays.contains(number),
            ghost.block(placed.id)?.status == .scheduled
        {
            try send(.autoBlockDeleted(placed.id), at: calendar.date(on: day, hour: 6))
            today.deletions += 1
            today.interactions.append("delete \(placed.id)")
        }
        if block.flatMap({ ghost.block($0.id) })?.status == .scheduled {
            try transform(on: day, number: number)
        }
        if !travel, !crashing {
            try work(on: day, number: number, block: block.flatMap { ghost.block($0.id) })
        }
        try planEvening(of: day, number: number)
        if scenario.notificationFailureDays.contains(number) {
            try send(.backgroundFailed(.notificationFailed), at: calendar.date(on: day, hour: 21, minute: 1))
        }
        try send(.tick, at: calendar.date(on: day, hour: 23))
        try answerTriage(on: day, number: number)
        let coverage = scenario.healthSignals.coverage
        let drawn = coverage.min + (coverage.max - coverage.min) * random.nextUnit()
        let signal = scenario.staleHealthDays.contains(number) ? 0 : drawn
        let checkedIn = scenario.checkInRate > 0 && random.nextUnit() < scenario.checkInRate
        if checkedIn { today.interactions.append("checkin") }
        let closing = try calendar.date(on: day, hour: 23, minute: 59)
        if signal > 0 { newestHealthData = closing }
        try send(.dayClosed(day, signalCoverage: signal, checkedIn: checkedIn), at: closing)
        return record(number: number, day: day, travel: travel)
    }

    /// At 05:35, in a scenario with stale-health days, the daemon's morning check of the health data's age
    /// (`MorningPlan.healthDataVerdict`) on the newest day that had signal coverage.
    private mutating func judgeHealthData(on day: LocalDay) throws(EngineError) {
        guard !scenario.staleHealthDays.isEmpty, day > firstDay else { return }
        let now = try calendar.date(on: day, hour: 5, minute: 35)
        for event in MorningPlan.healthDataVerdict(newestHealthData: newestHealthData, now: now).events {
            try send(event, at: now)
        }
    }

    /// The scenario's week from `firstDay` as a picture: its weekly busy times, the meetings landed so far and its
    /// calendars, its unknown and travel days, and the Ghost; the signals are `day`'s morning signals.
    private func picture(
        today day: LocalDay, firstDay first: LocalDay, days: Int, failedSources: [String] = []
    ) throws(EngineError) -> WeekPicture {
        let covered = (0..<days).map { first.adding(days: $0) }
        var busy: [BusyInterval] = []
        for covering in covered {
            let weekday = covering.weekday
            for time in scenario.busy where time.weekdays.contains(weekday) {
                busy.append(try interval(on: covering, from: time.fromHour, to: time.toHour, cause: "'Busy' (scenario)"))
            }
        }
        let dayNumber = { (covering: LocalDay) in self.firstDay.days(until: covering) + 1 }
        var picture = WeekPicture(
            calendar: calendar, today: day, firstDay: first, days: days, ghost: ghost, settings: settings,
            busy: busy + landed, failedSources: failedSources,
            unknownDays: covered.filter { scenario.unknownDays.contains(dayNumber($0)) },
            manualTravelDays: covered.filter { scenario.travelDays.contains(dayNumber($0)) },
            signals: SignalDigest(calendar: calendar, observations: try morningObservations(on: day)))
        calendars?.add(to: &picture)
        return picture
    }

    /// Busy time on `day` from `from` up to `to` (24: midnight).
    private func interval(on day: LocalDay, from: Int, to: Int, cause: String) throws(EngineError) -> BusyInterval {
        let end = to == 24 ? try calendar.startOfDay(day.adding(days: 1)) : try calendar.date(on: day, hour: to)
        return BusyInterval(start: try calendar.date(on: day, hour: from), end: end, causes: [cause])
    }

    /// At 05:45 the day's meeting changes land on the calendar and the daemon's re-planning runs: each block ahead now
    /// in conflict goes to the engine with where "move later" puts it; a move proposal is accepted with `acceptRate`
    /// at 05:50.
    private mutating func landMeetings(on day: LocalDay, number: Int) throws(EngineError) {
        let meetings = scenario.meetingChanges.filter { $0.day == number }
        guard !meetings.isEmpty else { return }
        for meeting in meetings {
            landed.append(try interval(on: day, from: meeting.fromHour, to: meeting.toHour, cause: "'\(meeting.title)' (scenario)"))
        }
        let now = try calendar.date(on: day, hour: 5, minute: 45)
        let ahead = try Replanning.blocksToCheck(ghost, today: day, calendar: calendar, now: now)
        for block in ahead {
            let current = try picture(today: day, firstDay: day, days: Replanning.pictureDays(rules: settings.rules))
            let found: BlockConflict?
            do {
                found = try ghost.block(block.id).flatMap { block throws(SchedulingError) in try Replanning.conflict(of: block, in: current) }
            } catch {
                throw error.engineError
            }
            guard let found else { continue }
            let effects = try send(.conflictFound(found), at: now)
            if effects.contains(where: { if case .proposeMove = $0 { true } else { false } }) {
                let accepted = random.nextUnit() < scenario.acceptRate
                try send(.moveAnswered(block.id, accepted: accepted), at: calendar.date(on: day, hour: 5, minute: 50))
                today.interactions.append("move \(block.id)")
            }
        }
    }

    /// The morning cycle at 06:30: the daemon's morning rules read the day's signals for today's blocks; a change
    /// goes to the engine (Transformer and above), a suggestion is logged; the user keeps or reverts an applied
    /// change at 06:45, and the ghost's tallies teach the rule.
    private mutating func transform(on day: LocalDay, number: Int) throws(EngineError) {
        guard scenario.morningSignals.contains(where: { $0.day == number }) else { return }
        for outcome in try MorningPlan.transform(try picture(today: day, firstDay: day, days: 1)) {
            guard !outcome.events.isEmpty else {
                today.suggestions.append(outcome.note)
                continue
            }
            for event in outcome.events {
                let effects = try send(event, at: calendar.date(on: day, hour: 6, minute: 30))
                guard case .adjustmentRequested(let id, _, _, _, _) = event,
                    effects.contains(where: { if case .recordReceipt = $0 { true } else { false } })
                else { continue }
                let kept = !scenario.revertDays.contains(number)
                try send(.transformationOutcome(id, kept: kept), at: calendar.date(on: day, hour: 6, minute: 45))
                if !kept { today.interactions.append("revert \(id)") }
            }
        }
    }

    /// The morning signals of `day` as a wearable would have recorded them: the night's sleep ending 06:00, this
    /// morning's HRV at 05:00, and the stated 7-day HRV baseline as one reading at 15:00 on each of the 7 days before.
    private func morningObservations(on day: LocalDay) throws(EngineError) -> [HealthObservation] {
        guard let signals = scenario.morningSignals.last(where: { $0.day == firstDay.days(until: day) + 1 }) else { return [] }
        var observations: [HealthObservation] = []
        let wake = try calendar.date(on: day, hour: 6)
        if let minutes = signals.sleepMinutes {
            observations.append(HealthObservation(
                kind: .sleep, source: "scenario", start: wake.addingTimeInterval(-Double(minutes) * 60), end: wake,
                value: Double(minutes), detail: "asleep"))
        }
        if let hrv = signals.hrv {
            let at = try calendar.date(on: day, hour: 5)
            observations.append(HealthObservation(kind: .hrv, source: "scenario", start: at, end: at, value: hrv))
        }
        if let baseline = signals.hrvBaseline7 {
            for back in 1...7 {
                let at = try calendar.date(on: day.adding(days: -back), hour: 15)
                observations.append(HealthObservation(kind: .hrv, source: "scenario", start: at, end: at, value: baseline))
            }
        }
        return observations
    }

    /// The evening cycle at 21:00: the daemon's evening plan over the week from tomorrow; an unknown day tomorrow is
    /// a calendar that could not be read this evening.
    private mutating func planEvening(of day: LocalDay, number: Int) throws(EngineError) {
        let tomorrow = day.adding(days: 1)
        let failed = scenario.unknownDays.contains(number + 1) ? ["scenario"] : []
        let plan = EveningPlan.decide(try picture(today: day, firstDay: tomorrow, days: 7, failedSources: failed))
        if plan.forecast == nil, let note = plan.notes.last {
            throw EngineError.invalidRule(name: "config", problem: note)
        }
        for event in plan.events {
            try send(event, at: calendar.date(on: day, hour: 21))
        }
    }

    /// The user works out in the day's block (if on the calendar) or, without one, on their own; not today when
    /// the block moved to another day.
    private mutating func work(on day: LocalDay, number: Int, block: ScheduledBlock?) throws(EngineError) {
        let rate = scenario.completion.rate(onDay: number)
        if scenario.deletionDays.contains(number) || block?.status == .removed { return }
        // A block a meeting pushed to another day is that day's session.
        if let block, block.day != day { return }
        guard random.nextUnit() < rate else { return }
        let own = settings.training.preferredWindows.first?.from ?? TimeOfDay(hour: EveningPlan.defaultSlotHour)
        let inBlock = block?.status == .scheduled
        let start = if let block, block.status == .scheduled {
            block.start.addingTimeInterval(600)
        } else {
            try calendar.date(on: day, hour: own.hour, minute: own.minute + 10)
        }
        today.workout = WorkoutRecord(
            inGhostBlock: inBlock, reported: scenario.workoutReports,
            tookInput: scenario.workoutReports == .logged || (inBlock && block?.origin == .proposal))
        switch scenario.workoutReports {
        case .detected:
            try send(.workoutDetected(at: start, confidence: 1), at: start.addingTimeInterval(600))
        case .logged:
            let end = start.addingTimeInterval(TimeInterval(settings.training.durationMinutes * 60) - 600)
            let report = WorkoutReport(id: "log:\(Int(start.timeIntervalSince1970))", start: start, end: end, confidence: 1)
            try send(.workoutRecorded(report), at: end.addingTimeInterval(300))
            today.interactions.append("log")
        case .none:
            return
        }
    }

    /// Answers today's open question (always on a `byDay` day, else with the answer rate).
    private mutating func answerTriage(on day: LocalDay, number: Int) throws(EngineError) {
        guard let open = ghost.triage.openQuestion, calendar.day(of: open.askedAt) == day else { return }
        let forced = scenario.triage.byDay.contains { $0.day == number }
        guard forced || random.nextUnit() < scenario.triage.answerRate else { return }
        try send(
            .triageAnswered(open.block, scenario.triage.answer(onDay: number)),
            at: calendar.date(on: day, hour: 23, minute: 30))
        today.interactions.append("triage \(open.block)")
    }

    /// Sends an event to the ghost and logs what today's record needs.
    @discardableResult
    private mutating func send(_ event: GhostEvent, at date: Date) throws(EngineError) -> [GhostEffect] {
        let effects = try ghost.handle(event, now: date)
        today.absorb(effects)
        return effects
    }

    private func record(number: Int, day: LocalDay, travel: Bool) -> DayRecord {
        let blocks = ghost.blocks.filter { $0.day == day }.map { block in
            let moment = calendar.moment(at: block.start)
            let start = String(format: "%02d:%02d", moment.hour, moment.minute)
            return BlockRecord(id: block.id.rawValue, start: start, origin: block.origin, status: block.status)
        }
        return DayRecord(
            day: number, date: day.description, travel: travel, trustPhase: ghost.trust.phase,
            trustScore: ghost.trust.score, healthPhase: ghost.health.phase, healthConfidence: ghost.healthConfidence,
            ghostHealth: ghost.ghostHealth.mode, blocks: blocks, deletions: today.deletions,
            breakerFirings: today.breakerFirings, apologies: today.apologies, phaseChanges: today.phaseChanges,
            healthChanges: today.healthChanges, triage: today.triage, suggestions: today.suggestions,
            receipts: today.receipts, interactions: today.interactions, workout: today.workout)
    }
}
