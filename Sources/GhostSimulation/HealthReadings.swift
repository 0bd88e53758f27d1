import CivilCalendar
import Foundation
import GhostEngine
import GhostScheduling

/// The health readings a simulated wearable records, as vigord imports them: each day the night's sleep (ending at
/// `wake`), a morning HRV and resting heart rate, and the day's steps. A day's coverage drawn from the scenario decides
/// how many of the four arrive (coverage × 4, rounded: HRV first, then resting heart rate, sleep, steps), so the
/// morning that closes the day computes its coverage from the readings (`SignalDigest.coverage`) exactly as vigord
/// does. The scenario's `morningSignals` replace the generated sleep and HRV of their morning, and their 7-day HRV
/// baseline is the HRV of the 7 days before.
struct HealthReadings {
    let calendar: LocalCalendar
    let scenario: Scenario
    let firstDay: LocalDay

    /// The source named on every reading.
    static let source = "vigor-sim"
    /// The kinds of the four daily signals, in the order they arrive as coverage grows.
    static let order: [HealthKind] = [.hrv, .restingHeartRate, .sleep, .steps]
    /// When the night ends, HRV and resting heart rate are taken, and the day's steps are counted.
    static let wake = (hour: 5, minute: 30), morningReading = 5, steps = (from: 8, to: 20)
    /// Values of a normal day: none of the morning rules' thresholds is near.
    static let sleepMinutes = 450, hrv = 60.0, restingHeartRate = 55.0, stepCount = 8_000.0

    /// How many of the four signals arrive on a day of `coverage`.
    static func signals(coverage: Double) -> Int {
        min(order.count, max(0, Int((coverage * Double(order.count)).rounded())))
    }

    /// The readings of day `number` (1-based) with `count` signals: its morning's (sleep, HRV, resting heart rate) and
    /// its steps, which arrive with the next morning's.
    func readings(day number: Int, count: Int) throws(EngineError) -> (morning: [HealthSample], steps: [HealthSample]) {
        let day = firstDay.adding(days: number - 1)
        let kinds = Set(Self.order.prefix(count))
        let stated = scenario.morningSignals.last { $0.day == number }
        var morning: [HealthSample] = []
        let wake = try calendar.date(on: day, hour: Self.wake.hour, minute: Self.wake.minute)
        if let minutes = stated?.sleepMinutes ?? (kinds.contains(.sleep) ? Self.sleepMinutes : nil) {
            morning.append(HealthSample(
                kind: .sleep, source: Self.source, start: wake.addingTimeInterval(-Double(minutes) * 60), end: wake,
                value: Double(minutes), detail: "asleep"))
        }
        let at = try calendar.date(on: day, hour: Self.morningReading)
        if let hrv = stated?.hrv ?? (kinds.contains(.hrv) ? baselineAhead(of: number) ?? Self.hrv : nil) {
            morning.append(HealthSample(kind: .hrv, source: Self.source, start: at, end: at, value: hrv))
        }
        if kinds.contains(.restingHeartRate) {
            morning.append(HealthSample(kind: .restingHeartRate, source: Self.source, start: at, end: at, value: Self.restingHeartRate))
        }
        var steps: [HealthSample] = []
        if kinds.contains(.steps) {
            steps.append(HealthSample(
                kind: .steps, source: Self.source, start: try calendar.date(on: day, hour: Self.steps.from),
                end: try calendar.date(on: day, hour: Self.steps.to), value: Self.stepCount))
        }
        return (morning, steps)
    }

    /// The 7-day HRV baseline a morning within the next 7 days states, if any: the HRV of this day then matches it.
    private func baselineAhead(of number: Int) -> Double? {
        scenario.morningSignals.filter { ($0.day - 7..<$0.day).contains(number) && $0.hrvBaseline7 != nil }
            .min { $0.day < $1.day }?.hrvBaseline7
    }
}
