import Foundation
import GhostEngine
import GhostScheduling

/// The mutable state of one simulation: the ghost, the random generator, and what today produced.
struct SimulatedRun {
    let scenario: Scenario
    let calendar: LocalCalendar
    let firstDay: LocalDay
    var ghost: Ghost
    var random: SplitMix64
    private let finder: SlotFinder
    private var today = DayLog()

    init(scenario: Scenario, calendar: LocalCalendar, firstDay: LocalDay) throws(SimulationError) {
        self.scenario = scenario
        self.calendar = calendar
        self.firstDay = firstDay
        random = SplitMix64(seed: scenario.seed)
        do {
            var rules = SchedulingRules.standard
            rules.slots.stepMinutes = scenario.workout.stepMinutes
            finder = try SlotFinder(calendar: calendar, settings: scenario.workout.trainingSettings, rules: rules)
        } catch {
            throw SimulationError(day: 1, engineError: error.engineError)
        }
        do {
            ghost = Ghost(startingAt: try calendar.startOfDay(firstDay), timeZone: calendar.timeZone)
        } catch {
            throw SimulationError(day: 1, engineError: error)
        }
    }

    /// Runs one day: manual changes, placement, the user's answer, deletion, workout, misses and triage, day close.
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
            if !change.pin { try send(.releaseManualPin, at: calendar.date(on: day, hour: 0, minute: 6)) }
        }
        let block = try placeBlock(on: day, number: number)
        if let placed = block, placed.origin == .proposal, placed.status == .proposed {
            let accepted = random.nextUnit() < scenario.acceptRate
            try send(.proposalAnswered(placed.id, accepted: accepted), at: calendar.date(on: day, hour: 5, minute: 30))
        }
        if let placed = block.flatMap({ ghost.block($0.id) }) {
            try replan(placed, on: day, number: number)
        }
        if let placed = block.flatMap({ ghost.block($0.id) }), placed.status == .scheduled {
            try transform(placed, on: day, number: number)
        }
        if let placed = block, placed.origin == .auto, scenario.deletionDays.contains(number) {
            try send(.autoBlockDeleted(placed.id), at: calendar.date(on: day, hour: 6))
            today.deletions += 1
        }
        if !travel {
            try work(on: day, number: number, block: block.flatMap { ghost.block($0.id) })
        }
        try send(.tick, at: calendar.date(on: day, hour: 23))
        try answerTriage(on: day, number: number)
        let coverage = scenario.healthSignals.coverage
        let signal = coverage.min + (coverage.max - coverage.min) * random.nextUnit()
        let checkedIn = scenario.checkInRate > 0 && random.nextUnit() < scenario.checkInRate
        try send(.dayClosed(day, signalCoverage: signal, checkedIn: checkedIn), at: calendar.date(on: day, hour: 23, minute: 59))
        return record(number: number, day: day, travel: travel)
    }

    /// The real slot finder for one session on `day` (travel days get none, unknown days a proposal at most),
    /// then the engine decides write / propose / observe; a day that already has a block keeps it.
    private mutating func placeBlock(on day: LocalDay, number: Int) throws(EngineError) -> ScheduledBlock? {
        // As in vigord's evening cycle: a day that already has a block (one moved here) gets no second one.
        if let moved = ghost.blocks.first(where: { $0.day == day && [.scheduled, .proposed].contains($0.status) }) {
            return moved
        }
        let request = try slotRequest(for: day, number: number)
        let plan: WeekPlan
        do {
            plan = try finder.planWeek(request)
        } catch {
            throw error.engineError
        }
        guard let planned = plan.block(on: day) else { return nil }
        let confidence = scenario.workout.placementConfidence
        let effects = try send(
            .placementRequested(
                planned.candidate(confidence: confidence), alternatives: planned.alternativeCandidates(confidence: confidence)),
            at: calendar.date(on: day, hour: 5))
        for effect in effects {
            switch effect {
            case .writeBlock(let block), .proposeBlock(let block):
                return block
            default:
                continue
            }
        }
        return nil
    }

    /// At 05:45 the day's meeting changes land: as vigord's replanning does, the real slot finder says whether
    /// the block is now in conflict and where "move later" puts it (the same day, or nowhere), and the engine
    /// decides by its trust; a move proposal is accepted with `acceptRate` at 05:50.
    private mutating func replan(_ block: ScheduledBlock, on day: LocalDay, number: Int) throws(EngineError) {
        let meetings = scenario.meetingChanges.filter { $0.day == number }
        guard !meetings.isEmpty, [.scheduled, .proposed].contains(block.status) else { return }
        var request = try slotRequest(for: day, number: number)
        for meeting in meetings {
            let end = meeting.toHour == 24
                ? try calendar.startOfDay(day.adding(days: 1)) : try calendar.date(on: day, hour: meeting.toHour)
            request.busy.append(BusyInterval(
                start: try calendar.date(on: day, hour: meeting.fromHour), end: end, causes: ["'\(meeting.title)'"]))
        }
        let found: BlockConflict?
        do {
            found = try conflict(of: block, request: request)
        } catch {
            throw error.engineError
        }
        guard let found else { return }
        let effects = try send(.conflictFound(found), at: calendar.date(on: day, hour: 5, minute: 45))
        if effects.contains(where: { if case .proposeMove = $0 { true } else { false } }) {
            let accepted = random.nextUnit() < scenario.acceptRate
            try send(.moveAnswered(block.id, accepted: accepted), at: calendar.date(on: day, hour: 5, minute: 50))
        }
    }

    /// The conflict over `block` in `request`, with where "move later" puts it; nil while it still fits.
    private func conflict(of block: ScheduledBlock, request: SlotRequest) throws(SchedulingError) -> BlockConflict? {
        guard let cause = try finder.conflict(blockStart: block.start, durationMinutes: block.durationMinutes, request: request)
        else { return nil }
        switch try finder.moveLater(blockStart: block.start, request: request) {
        case .sameDay(let planned), .laterDay(let planned):
            return BlockConflict(block: block.id, cause: cause, target: planned.chosen.start)
        case .noRoom:
            return BlockConflict(block: block.id, cause: cause, target: nil)
        }
    }

    /// The day's request: weekly busy times as intervals, travel and unknown days, the engine's sacred slots.
    private func slotRequest(for day: LocalDay, number: Int) throws(EngineError) -> SlotRequest {
        let weekday = calendar.moment(at: try calendar.date(on: day, hour: 12)).weekday
        var busy: [BusyInterval] = []
        for time in scenario.busy where time.weekdays.contains(weekday) {
            let end = time.toHour == 24 ? try calendar.startOfDay(day.adding(days: 1)) : try calendar.date(on: day, hour: time.toHour)
            busy.append(BusyInterval(start: try calendar.date(on: day, hour: time.fromHour), end: end, causes: ["busy"]))
        }
        return SlotRequest(
            firstDay: day, days: 1, busy: busy, unknownDays: scenario.unknownDays.contains(number) ? [day] : [],
            travelDays: scenario.travelDays.contains(number) ? [day] : [], sacredSlots: ghost.triage.sacredSlots)
    }

    /// The morning cycle at 06:30: the transformer reads the day's signals; a change goes to the engine as an
    /// adjustment, a suggestion (below Transformer, or a rule reverted too often) is logged; the user keeps or
    /// reverts an applied change, and the ghost's tallies teach the rule (as in vigord).
    private mutating func transform(_ block: ScheduledBlock, on day: LocalDay, number: Int) throws(EngineError) {
        guard let morning = scenario.morningSignals.last(where: { $0.day == number }) else { return }
        let decision = MorningTransformer.decide(
            intensity: scenario.workout.intensity, durationMinutes: block.durationMinutes, signals: morning.signals,
            capabilities: ghost.capabilities, rules: SchedulingRules.standard.transformation,
            feedback: TransformationFeedback(tallies: ghost.transformationTallies))
        switch decision {
        case .keep:
            return
        case .suggest(let change):
            today.suggestions.append(change.reason)
        case .apply(let change):
            let effects = try send(
                .adjustmentRequested(
                    block.id, change.adjustment, confidence: scenario.workout.placementConfidence, reason: change.reason,
                    rule: change.rule.rawValue),
                at: calendar.date(on: day, hour: 6, minute: 30))
            guard effects.contains(where: { if case .recordReceipt = $0 { true } else { false } }) else { return }
            let kept = !scenario.revertDays.contains(number)
            try send(.transformationOutcome(block.id, kept: kept), at: calendar.date(on: day, hour: 6, minute: 45))
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
        let start = if let block, block.status == .scheduled {
            block.start.addingTimeInterval(600)
        } else {
            try calendar.date(on: day, hour: scenario.workout.preferredHour, minute: 10)
        }
        switch scenario.workoutReports {
        case .detected:
            try send(.workoutDetected(at: start, confidence: 1), at: start.addingTimeInterval(600))
        case .logged:
            let end = start.addingTimeInterval(TimeInterval(scenario.workout.durationMinutes * 60) - 600)
            let report = WorkoutReport(id: "log:\(Int(start.timeIntervalSince1970))", start: start, end: end, confidence: 1)
            try send(.workoutRecorded(report), at: end.addingTimeInterval(300))
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
            receipts: today.receipts)
    }
}
