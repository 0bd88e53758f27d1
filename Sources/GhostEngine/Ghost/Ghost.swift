import CivilCalendar
import Foundation

/// The ghost: trust ladder, safety breaker, health profile, triage and ghost health composed into one
/// state machine. Persist it as JSON; drive it with `handle(_:now:)`; perform the returned effects.
public struct Ghost: Codable, Sendable, Equatable {
    /// The rules table in force.
    public var rules: EngineRules
    /// The user's calendar and time zone.
    public let calendar: LocalCalendar
    /// Trust phase and score.
    public internal(set) var trust: TrustLadder
    /// Consecutive-deletion counter.
    public internal(set) var breaker: SafetyBreaker
    /// Health-profile phase and metrics.
    public internal(set) var health: HealthProfile
    /// Open triage question, rejections, sacred slots.
    public internal(set) var triage: TriageDesk
    /// The ghost's own reliability.
    public internal(set) var ghostHealth: GhostHealthMonitor
    /// Blocks of the last `rules.retention.blockLedgerDays` local days, in creation order.
    public internal(set) var blocks: [ScheduledBlock]
    /// Local days of workouts detected outside ghost blocks (one entry per workout), for day summaries.
    public internal(set) var unplannedWorkoutDays: [LocalDay]
    /// Workouts counted through `workoutRecorded`, kept as long as the block ledger, so they can be undone.
    public internal(set) var workouts: [RecordedWorkout]
    /// Kept and reverted transformations per rule, in rule-name order.
    public internal(set) var transformationTallies: [TransformationTally]
    var nextBlockNumber: Int
    var nextReceiptNumber: Int

    /// A new ghost for a user starting at `start` in `timeZone`.
    public init(startingAt start: Date, timeZone: TimeZone, rules: EngineRules = .standard) {
        let calendar = LocalCalendar(timeZone: timeZone)
        self.rules = rules
        self.calendar = calendar
        trust = TrustLadder(startingOn: calendar.day(of: start), rules: rules.trust)
        breaker = SafetyBreaker()
        health = HealthProfile()
        triage = TriageDesk()
        ghostHealth = GhostHealthMonitor()
        blocks = []
        unplannedWorkoutDays = []
        workouts = []
        transformationTallies = []
        nextBlockNumber = 1
        nextReceiptNumber = 1
    }

    /// Decodes saved state; state saved before workouts (or transformation answers) were recorded has none.
    public init(from decoder: any Decoder) throws {
        let keys = try decoder.container(keyedBy: CodingKeys.self)
        rules = try keys.decode(EngineRules.self, forKey: .rules)
        calendar = try keys.decode(LocalCalendar.self, forKey: .calendar)
        trust = try keys.decode(TrustLadder.self, forKey: .trust)
        breaker = try keys.decode(SafetyBreaker.self, forKey: .breaker)
        health = try keys.decode(HealthProfile.self, forKey: .health)
        triage = try keys.decode(TriageDesk.self, forKey: .triage)
        ghostHealth = try keys.decode(GhostHealthMonitor.self, forKey: .ghostHealth)
        blocks = try keys.decode([ScheduledBlock].self, forKey: .blocks)
        unplannedWorkoutDays = try keys.decode([LocalDay].self, forKey: .unplannedWorkoutDays)
        workouts = try keys.value(.workouts, or: [])
        transformationTallies = try keys.value(.transformationTallies, or: [])
        nextBlockNumber = try keys.decode(Int.self, forKey: .nextBlockNumber)
        nextReceiptNumber = try keys.decode(Int.self, forKey: .nextReceiptNumber)
    }

    /// What the ghost may do now: the trust phase's capabilities narrowed by ghost health.
    public var capabilities: TrustCapabilities {
        trust.phase.capabilities.intersection(ghostHealth.mode.allowed)
    }

    /// Health-profile confidence now.
    public var healthConfidence: Double {
        health.confidence(rules.health)
    }

    /// Confidence an autonomous action needs now: base threshold / health confidence.
    public var autonomousActionThreshold: Double {
        health.autonomousActionThreshold(base: rules.trust.autonomousActionBaseThreshold, rules: rules.health)
    }

    /// The block with `id`, if the ledger still holds it.
    public func block(_ id: BlockID) -> ScheduledBlock? {
        blocks.first { $0.id == id }
    }

    /// Identifiers of `receipts` that storage may prune at `now`.
    public func prunableReceipts(_ receipts: [DecisionReceipt], at now: Date) -> [String] {
        receipts.filter { $0.isPrunable(at: now, rules: rules.retention) }.map(\.id)
    }

    /// Applies one event at `now` and returns the effects, in order.
    /// - Throws: `EngineError` for events about unknown blocks, blocks in the wrong state, or values out of range;
    ///   the state is unchanged when it throws.
    public mutating func handle(_ event: GhostEvent, now: Date) throws(EngineError) -> [GhostEffect] {
        var draft = self
        let effects = try draft.apply(event, at: calendar.moment(at: now))
        self = draft
        return effects
    }

    private mutating func apply(_ event: GhostEvent, at moment: Moment) throws(EngineError) -> [GhostEffect] {
        switch event {
        case .placementRequested(let candidate, let alternatives):
            return try place(candidate, alternatives: alternatives, at: moment)
        case .acceptedSessionPlaced(let candidate, let alternatives, let acceptedAt):
            return try placeAccepted(candidate, alternatives: alternatives, acceptedAt: acceptedAt, at: moment)
        case .dayLeftEmpty(let day, let why, let reason):
            return [.recordReceipt(emptyDayReceipt(day, why, reason: reason, at: moment))]
        case .proposalAnswered(let id, let accepted):
            return try answerProposal(id, accepted: accepted, at: moment)
        case .autoBlockDeleted(let id):
            return try deleteAutoBlock(id, at: moment)
        case .acceptedBlockDeleted(let id):
            return try deleteAcceptedBlock(id, at: moment)
        case .autoBlockMoved(let id, let target):
            return try moveAutoBlock(id, to: target, at: moment)
        case .workoutDetected(let date, let confidence):
            return try workoutDetected(at: date, confidence: confidence, moment: moment)
        case .workoutRecorded(let report):
            return try recordWorkout(report, at: moment)
        case .workoutUndone(let id):
            return try undoWorkout(id, at: moment)
        case .workoutConfirmed(let id):
            return try confirmWorkout(id)
        case .tick:
            return try tick(at: moment)
        case .triageAnswered(let id, let reason):
            let results = try triage.handle(.answered(id, reason), at: moment, rules: rules.triage)
            return try triageEffects(results, at: moment)
        case .clearSacredSlot(let slot):
            return try triageEffects(triage.handle(.clearSacred(slot), at: moment, rules: rules.triage), at: moment)
        case .adjustmentRequested(let id, let adjustment, let confidence, let reason, let rule):
            return try adjust(id, adjustment, confidence: confidence, reason: reason, rule: rule, at: moment)
        case .transformationOutcome(let id, let kept):
            return try answerTransformation(id, kept: kept, at: moment)
        case .dayClosed(let day, let coverage, let checkedIn):
            return try closeDay(day, signalCoverage: coverage, checkedIn: checkedIn, at: moment)
        case .historyRead(let days):
            return try trustEffects(.historyRead(days: days, healthConfidence: healthConfidence), at: moment)
        case .manualPhaseChange(let target):
            return try trustEffects(.manualChange(to: target), at: moment)
        case .releaseManualPin:
            return try trustEffects(.releaseManualPin, at: moment)
        case .backgroundSucceeded:
            return healthEffects(ghostHealth.handle(.success, at: moment, rules: rules.ghostHealth))
        case .backgroundFailed(let failure):
            return healthEffects(ghostHealth.handle(.failure(failure), at: moment, rules: rules.ghostHealth))
        case .emergencyClear(let reason, let until):
            return emergencyClear(reason: reason, until: until, at: moment)
        case .conflictFound(let conflict):
            return try resolve(conflict, at: moment)
        case .moveAnswered(let id, let accepted):
            return try answerMove(id, accepted: accepted, at: moment)
        case .sessionKindRevised(let id, let kind, let ruledOut):
            return try reviseKind(id, to: kind, ruledOut: ruledOut, at: moment)
        }
    }

    private func healthEffects(_ change: GhostHealthChange?) -> [GhostEffect] {
        change.map { [.ghostHealthChanged($0)] } ?? []
    }

    /// Index of the block with `id`.
    func existingBlock(_ id: BlockID) throws(EngineError) -> Int {
        guard let index = blocks.firstIndex(where: { $0.id == id }) else { throw EngineError.unknownBlock(id) }
        return index
    }

    /// Index of the block with `id`, which must have `origin` and `status`.
    func block(_ id: BlockID, origin: ScheduledBlock.Origin?, status: ScheduledBlock.Status) throws(EngineError) -> Int {
        let index = try existingBlock(id)
        let block = blocks[index]
        guard block.status == status, origin.map({ $0 == block.origin }) ?? true else {
            throw EngineError.blockNotInExpectedState(
                id, expected: ScheduledBlock.words(origin: origin, status: status),
                actual: ScheduledBlock.words(origin: block.origin, status: block.status))
        }
        return index
    }

    /// Runs a trust-ladder event and turns its effects (plus receipts for phase changes) into ghost effects.
    /// Receipts report the score change since `impactSince` (default: the score before this event).
    mutating func trustEffects(
        _ event: TrustLadder.Event, at moment: Moment, impactSince earlierScore: Double? = nil
    ) throws(EngineError) -> [GhostEffect] {
        let scoreBefore = earlierScore ?? trust.score
        let results = try trust.handle(event, at: moment, rules: rules)
        return results.flatMap { result -> [GhostEffect] in
            switch result {
            case .attributed(let record):
                return [.trustAttributed(record)]
            case .phaseChanged(let change):
                return [.phaseChanged(change), .recordReceipt(phaseReceipt(change, scoreBefore: scoreBefore, at: moment))]
            }
        }
    }
}
