import CivilCalendar
import GhostEngine

/// Every recovery score ever computed, old formula versions included, so a changed score can be explained.
public struct RecoveryHistory: Codable, Sendable, Equatable {
    /// Scores in the order they were recorded.
    public private(set) var scores: [RecoveryScore] = []

    /// Creates an empty history.
    public init() {}

    /// Adds a score unless one with the same day, formula and input hash is already stored.
    public mutating func record(_ score: RecoveryScore) {
        guard !scores.contains(where: {
            $0.day == score.day && $0.formula == score.formula && $0.inputHash == score.inputHash
        }) else { return }
        scores.append(score)
    }

    /// The score shown for `day`: the latest one of the highest formula version.
    public func current(on day: LocalDay) -> RecoveryScore? {
        Self.current(of: scores.filter { $0.day == day }, score: \.self)
    }

    /// The rule itself, over one day's `entries` in the order they were computed (a stored row with its score): the
    /// latest one of the highest formula version.
    public static func current<Entry>(of entries: [Entry], score: (Entry) -> RecoveryScore) -> Entry? {
        entries.max { score($0).formula.version <= score($1).formula.version }
    }

    /// Every score of `day` in recording order ("why did my score change?").
    public func audit(of day: LocalDay) -> [RecoveryScore] {
        scores.filter { $0.day == day }
    }

    /// Recomputes every day of `inputs` with `formula`, keeping all earlier values for audit.
    /// - Throws: `SchedulingError.noRecoveryInputs` for a day with no usable input (nothing is recorded then).
    public func backfilled(with formula: RecoveryFormula, inputs: [RecoveryInputs]) throws(SchedulingError) -> RecoveryHistory {
        var result = self
        for day in inputs {
            result.record(try formula.score(day))
        }
        return result
    }
}
