import Foundation
import GhostEngine

/// A ghost in Berlin that started Monday 2026-03-02 00:00, with helpers to drive it.
struct GhostFixture {
    var ghost: Ghost

    /// `missedGraceMinutes` replaces the rules' grace: 0 by default, so a block counts as missed the moment it
    /// ends and tests of triage and trust need not wait the grace out (the grace has tests of its own).
    init(rules: EngineRules = .standard, phase: TrustPhase? = nil, missedGraceMinutes: Int = 0) throws {
        var rules = rules
        rules.triage.missedGraceMinutes = missedGraceMinutes
        ghost = Ghost(startingAt: try TestTime.date(0, 0), timeZone: TestTime.berlin.timeZone, rules: rules)
        if let phase {
            _ = try ghost.handle(.manualPhaseChange(to: phase), now: try TestTime.date(0, 0, 1))
        }
    }

    /// Offers one 45-minute block at `hour` on day `offset` (plus alternatives at `alternativeHours`).
    @discardableResult
    mutating func place(
        day offset: Int, hour: Int, confidence: Double = 1, alternativeHours: [Int] = []
    ) throws -> [GhostEffect] {
        let candidate = BlockCandidate(start: try TestTime.date(offset, hour), durationMinutes: 45, confidence: confidence)
        let alternatives = try alternativeHours.map {
            BlockCandidate(start: try TestTime.date(offset, $0), durationMinutes: 45, confidence: confidence)
        }
        return try ghost.handle(.placementRequested(candidate, alternatives: alternatives), now: TestTime.date(offset, 5))
    }

    /// Places an auto block and returns its id (nil if the ghost did not write one).
    mutating func autoBlock(day offset: Int, hour: Int = 7) throws -> BlockID? {
        for case .writeBlock(let block) in try place(day: offset, hour: hour) { return block.id }
        return nil
    }

    /// Sends `event` at `hour:minute` on day `offset`.
    @discardableResult
    mutating func send(_ event: GhostEvent, day offset: Int, hour: Int, minute: Int = 0) throws -> [GhostEffect] {
        try ghost.handle(event, now: TestTime.date(offset, hour, minute))
    }
}

extension Array where Element == GhostEffect {
    /// Receipts among the effects.
    var receipts: [DecisionReceipt] {
        compactMap { if case .recordReceipt(let receipt) = $0 { receipt } else { nil } }
    }

    /// Attributions among the effects.
    var attributions: [TrustAttribution] {
        compactMap { if case .trustAttributed(let record) = $0 { record } else { nil } }
    }

    /// Phase changes among the effects.
    var phaseChanges: [PhaseChange] {
        compactMap { if case .phaseChanged(let change) = $0 { change } else { nil } }
    }
}
