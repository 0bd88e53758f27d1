import Foundation
import GhostEngine

extension PopulationReport {
    /// Resamples drawn for each interval.
    public static let resamples = 1000

    /// Each metric's 95 % interval over users, by key: a percentile bootstrap. The users are drawn with replacement
    /// `resamples` times (from `seed`: the same run, the same intervals), every metric is computed on each resample as on
    /// the population, and the interval runs from the 2.5th to the 97.5th percentile of the values. The user is the
    /// unit: a user's workouts, days and weeks are not independent of each other, so an interval over workouts or
    /// weeks would be too narrow; and one method serves medians, means and ratios alike.
    static func bootstrap(_ outcomes: [UserOutcome], days: Int, seed: UInt64) -> [String: MetricInterval] {
        guard !outcomes.isEmpty else { return [:] }
        var random = SplitMix64(seed: seed ^ 0xB007_57A9)
        var values: [String: [Double]] = [:]
        for _ in 0..<resamples {
            let sample = (0..<outcomes.count).map { _ in outcomes[Int(random.next() % UInt64(outcomes.count))] }
            let measured = measure(sample, days: days)
            for metric in measured.metrics + measured.beside {
                if let value = metric.value { values[metric.key, default: []].append(value) }
            }
        }
        return values.mapValues { found in
            let sorted = found.sorted()
            let at = { (share: Double) in sorted[min(sorted.count - 1, max(0, Int((share * Double(sorted.count)).rounded(.down))))] }
            return MetricInterval(low: at(0.025), high: at(0.975))
        }
    }
}
