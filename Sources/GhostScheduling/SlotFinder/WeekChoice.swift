import CivilCalendar
import Foundation

/// Which candidate days of one training week get its sessions: the choice a coach makes with the user's calendar in
/// hand. Pure; `SlotFinder.planWeek` calls it once per training week of its horizon.
///
/// In order, it takes the subset that:
/// 1. has the most sessions, up to what the week still needs, whose starts keep `minHoursBetweenSessions` to each other
///    and to every session already done or on the calendar (never fewer while room remains, never more);
/// 2. keeps the most days the user held;
/// 3. uses the fewest days the user released;
/// 4. has no third day running with sessions (past, planned or chosen), when a subset of the same size can avoid one
///    (when none can, as with seven sessions a week, how many there are does not matter);
/// 5. has the highest total slot score less `backToBackPenalty` for each pair of days running with sessions;
/// 6. on a tie (scores within `tolerance`), has the earliest days.
struct WeekChoice {
    /// What one back-to-back pair of training days costs in score: enough to spread sessions whose slots score alike,
    /// far less than a preferred window (0.5) or a learned time (up to 0.3).
    static let backToBackPenalty = 0.05
    /// Totals this close are a tie, so that floating-point sums never decide between equal days.
    static let tolerance = 1e-9

    /// A candidate day and its best slot.
    struct Candidate {
        var day: LocalDay
        var start: Date
        var score: Double
    }

    /// The candidates, in day order.
    var candidates: [Candidate]
    /// How many sessions the week still needs.
    var wanted: Int
    /// Starts of the sessions already done or on the calendar (the gap is kept from them).
    var otherStarts: [Date]
    /// Days that already have a session (done or on the calendar): they count for days running.
    var sessionDays: Set<LocalDay>
    /// Days the user held, and days they released.
    var held: Set<LocalDay>
    var released: Set<LocalDay>
    /// `minHoursBetweenSessions` in seconds: between two chosen sessions, and between a chosen one and any other.
    var minimumGap: TimeInterval

    /// The indices into `candidates` of the chosen subset, in day order; empty when the week needs nothing or nothing
    /// keeps the gap.
    func choose() -> [Int] {
        var size = min(wanted, candidates.count)
        while size > 0 {
            var best: (indices: [Int], rank: Rank)?
            for mask in 0..<(1 << candidates.count) where mask.nonzeroBitCount == size {
                let indices = candidates.indices.filter { mask & (1 << $0) != 0 }
                guard keepsGap(indices.map { candidates[$0].start }) else { continue }
                let rank = rank(of: indices)
                if let current = best {
                    let tie = !rank.isBetter(than: current.rank) && !current.rank.isBetter(than: rank)
                    guard rank.isBetter(than: current.rank) || (tie && indices.lexicographicallyPrecedes(current.indices)) else { continue }
                }
                best = (indices, rank)
            }
            if let best { return best.indices }
            size -= 1
        }
        return []
    }

    /// How a subset ranks in tiers 2 to 5 (size is the loop's, the earliest days the tie-break).
    struct Rank {
        var held: Int
        var released: Int
        var runsThreeDays: Bool
        var score: Double

        func isBetter(than other: Rank) -> Bool {
            if held != other.held { return held > other.held }
            if released != other.released { return released < other.released }
            if runsThreeDays != other.runsThreeDays { return !runsThreeDays }
            return score > other.score + WeekChoice.tolerance
        }
    }

    /// True when every chosen start is at least `minimumGap` from the other chosen ones and from `otherStarts` (two
    /// workouts the user did close together never make a week unplannable).
    func keepsGap(_ chosen: [Date]) -> Bool {
        chosen.enumerated().allSatisfy { index, start in
            (Array(chosen.prefix(index)) + otherStarts).allSatisfy { abs($0.timeIntervalSince(start)) >= minimumGap }
        }
    }

    func rank(of indices: [Int]) -> Rank {
        let days = indices.map { candidates[$0].day }
        let all = sessionDays.union(days)
        let running = all.filter { all.contains($0.adding(days: -1)) }
        return Rank(
            held: days.filter(held.contains).count, released: days.filter(released.contains).count,
            runsThreeDays: running.contains { all.contains($0.adding(days: -2)) },
            score: indices.reduce(0.0) { $0 + candidates[$1].score } - Self.backToBackPenalty * Double(running.count))
    }
}
