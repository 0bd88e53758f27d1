import CivilCalendar
import Foundation

/// The trust ladder's state machine: the phase, the score 0…1, and how the two move.
/// Feed it events with `handle`; it returns what changed as data.
public struct TrustLadder: Codable, Sendable, Equatable {
    /// Inputs to the ladder.
    public enum Event: Sendable, Equatable {
        /// Attribute a signal with the observation's confidence (0…1).
        case signal(TrustSignal, confidence: Double)
        /// End-of-day evaluation: advance or demote given the health-profile confidence.
        case evaluate(healthConfidence: Double)
        /// The user moved the ghost to a phase by hand; this always wins.
        case manualChange(to: TrustPhase)
        /// The user hands the phase back to automatic progression.
        case releaseManualPin
        /// The safety breaker fired.
        case breakerFired
        /// vigord read how many past days its calendars and health data cover (at most 90); an Observer
        /// counts them towards its week and is evaluated at once.
        case historyRead(days: Int, healthConfidence: Double)
    }

    /// What the ladder reports.
    public enum Effect: Sendable, Equatable {
        case attributed(TrustAttribution)
        case phaseChanged(PhaseChange)
    }

    /// Current phase.
    public private(set) var phase: TrustPhase
    /// Current score, 0…1.
    public private(set) var score: Double
    /// Local day the phase was entered.
    public private(set) var phaseEnteredOn: LocalDay
    /// True after a manual change: automatic advance and score demotion wait until released.
    public private(set) var pinnedByUser: Bool
    /// Past days vigord could read at the last reading (calendars' events, health samples; vigord
    /// reads at most 90): the Observer's week counts them (`observedDays`).
    public private(set) var readableHistoryDays: Int

    /// A new ladder at Observer with the rules' initial score.
    public init(startingOn day: LocalDay, rules: TrustRules) {
        self.init(phase: .observer, score: rules.initialScore, phaseEnteredOn: day, pinnedByUser: false)
    }

    /// A ladder in a given state (restoring persisted state, tests).
    public init(
        phase: TrustPhase, score: Double, phaseEnteredOn: LocalDay, pinnedByUser: Bool = false, readableHistoryDays: Int = 0
    ) {
        self.phase = phase
        self.score = min(1, max(0, score))
        self.phaseEnteredOn = phaseEnteredOn
        self.pinnedByUser = pinnedByUser
        self.readableHistoryDays = max(0, readableHistoryDays)
    }

    /// Days the Observer has seen by `day`: the full days it watched, or the days of history it could read at once,
    /// whichever is more (history read later covers the days watched, so the two are not added).
    public func observedDays(by day: LocalDay) -> Int {
        max(phaseEnteredOn.days(until: day), readableHistoryDays)
    }

    private enum CodingKeys: String, CodingKey {
        case phase, score, phaseEnteredOn, pinnedByUser, readableHistoryDays
    }

    /// Reads a saved ladder; one saved before history was counted has read none.
    public init(from decoder: any Decoder) throws {
        let keys = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            phase: try keys.decode(TrustPhase.self, forKey: .phase), score: try keys.decode(Double.self, forKey: .score),
            phaseEnteredOn: try keys.decode(LocalDay.self, forKey: .phaseEnteredOn),
            pinnedByUser: try keys.decode(Bool.self, forKey: .pinnedByUser),
            readableHistoryDays: try keys.decodeIfPresent(Int.self, forKey: .readableHistoryDays) ?? 0)
    }

    /// The phase the ladder steps down to once the user's pin is released (one phase at each evaluation, while the
    /// score is below a phase's entry score less the hysteresis); the phase itself when the score earns it.
    public func phaseOnRelease(rules: TrustRules) -> TrustPhase {
        var settled = phase
        while let entry = rules.requirement(toEnter: settled), score < entry.minScore - rules.demotionHysteresis,
              let lower = settled.previous {
            settled = lower
        }
        return settled
    }

    /// The first day on which an Observer has seen its week (`observedDays` reaches the days `toScheduler` asks, history
    /// counted): from that day's evaluation on it proposes. `after` itself when it has seen enough already; nil past
    /// Observer.
    public func firstSchedulerDay(after day: LocalDay, rules: TrustRules) -> LocalDay? {
        guard phase == .observer else { return nil }
        let needed = rules.toScheduler.minDaysInPreviousPhase
        guard observedDays(by: day) < needed else { return day }
        return phaseEnteredOn.adding(days: needed)
    }

    /// Applies one event.
    /// - Throws: `EngineError.valueOutOfRange` for a confidence outside 0…1.
    public mutating func handle(_ event: Event, at moment: Moment, rules: EngineRules) throws(EngineError) -> [Effect] {
        switch event {
        case .signal(let signal, let confidence):
            return [try attribute(signal, confidence: confidence, at: moment, rules: rules.trust)]
        case .evaluate(let healthConfidence):
            try Self.check("health confidence", healthConfidence)
            return evaluate(healthConfidence: healthConfidence, at: moment, rules: rules.trust)
        case .manualChange(let target):
            pinnedByUser = true
            return target == phase ? [] : move(to: target, cause: .manual, at: moment)
        case .releaseManualPin:
            pinnedByUser = false
            return []
        case .breakerFired:
            score = min(score, rules.breaker.scoreCap)
            pinnedByUser = false
            return move(to: rules.breaker.dropTo, cause: .breaker, at: moment)
        case .historyRead(let days, let healthConfidence):
            guard days >= 0 else { throw EngineError.valueOutOfRange(name: "history days", value: Double(days), allowed: "0 or more") }
            try Self.check("health confidence", healthConfidence)
            readableHistoryDays = days
            guard phase == .observer else { return [] }
            return evaluate(healthConfidence: healthConfidence, at: moment, rules: rules.trust)
        }
    }

    private mutating func attribute(
        _ signal: TrustSignal, confidence: Double, at moment: Moment, rules: TrustRules
    ) throws(EngineError) -> Effect {
        try Self.check("confidence", confidence)
        let effectiveConfidence = confidence * signal.attributionConfidence(rules)
        let base = signal.baseDelta(rules)
        let ambiguity = signal.ambiguityWeight(rules)
        let applied = base * effectiveConfidence * ambiguity
        let before = score
        score = min(1, max(0, score + applied))
        return .attributed(
            TrustAttribution(
                signal: signal, baseDelta: base, confidence: effectiveConfidence, ambiguityWeight: ambiguity,
                appliedDelta: applied, scoreBefore: before, scoreAfter: score, at: moment.date))
    }

    private mutating func evaluate(healthConfidence: Double, at moment: Moment, rules: TrustRules) -> [Effect] {
        guard !pinnedByUser else { return [] }
        if let entry = rules.requirement(toEnter: phase), score < entry.minScore - rules.demotionHysteresis,
           let lower = phase.previous {
            return move(to: lower, cause: .demoted, at: moment)
        }
        if phase == .observer {
            return observerAdvance(healthConfidence: healthConfidence, at: moment, rules: rules)
        }
        guard let higher = phase.next, let needed = rules.requirement(toEnter: higher),
              score >= needed.minScore,
              phaseEnteredOn.days(until: moment.day) >= needed.minDaysInPreviousPhase,
              healthConfidence >= needed.minHealthConfidence
        else { return [] }
        return move(to: higher, cause: .advanced, at: moment)
    }

    /// The first rung is earned by watching, not by score: once the Observer has seen its week (`observedDays`, history
    /// counted) it proposes, and proposals ask permission. The score of `toScheduler` is not required here (an
    /// Observer places nothing, so a user who does not train yet could never earn it); it stays the Scheduler's entry
    /// score for demotion.
    private mutating func observerAdvance(healthConfidence: Double, at moment: Moment, rules: TrustRules) -> [Effect] {
        let needed = rules.toScheduler
        guard observedDays(by: moment.day) >= needed.minDaysInPreviousPhase,
              healthConfidence >= needed.minHealthConfidence
        else { return [] }
        return move(to: .scheduler, cause: .advanced, at: moment)
    }

    private mutating func move(to target: TrustPhase, cause: PhaseChangeCause, at moment: Moment) -> [Effect] {
        let change = PhaseChange(from: phase, to: target, cause: cause, score: score, at: moment.date)
        phase = target
        phaseEnteredOn = moment.day
        return [.phaseChanged(change)]
    }

    private static func check(_ name: String, _ value: Double) throws(EngineError) {
        guard value.isFinite, (0...1).contains(value) else {
            throw EngineError.valueOutOfRange(name: name, value: value, allowed: "0…1")
        }
    }
}
