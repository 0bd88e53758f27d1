import CivilCalendar
import Foundation
import GhostEngine

/// One day's skip risk for the slot finder, with the factors behind it for the receipt.
public struct DaySkipForecast: Sendable, Equatable {
    /// The day.
    public let day: LocalDay
    /// The slot the risk was computed for (that weekday at the planned hour).
    public let slot: SlotKey
    /// The prediction and its factors.
    public let prediction: SkipPrediction

    /// What the slot finder takes.
    public var request: DaySkipPrediction {
        DaySkipPrediction(day: day, probability: prediction.probability)
    }

    /// Receipt inputs: each factor as `value (log-odds)`, e.g. `meetingDensity = 8.000 (+1.250)` (the
    /// probability itself is the slot's `skipProbability`).
    public var receiptInputs: [ReceiptInput] {
        prediction.receiptInputs.filter { $0.name != "skipProbability" }
    }
}

/// Skip predictions for each day the evening cycle plans: that day's meeting hours from the busy
/// time, the slot's and weekday's history, and last night's sleep for the first day only (tonight's
/// sleep is not known yet; last night's is the best guess for tomorrow, and later days get none).
public enum WeekSkipForecast {
    /// One forecast per day from `firstDay`, in day order.
    /// - Throws: `SchedulingError` when a day's bounds cannot be computed in the calendar's zone.
    public static func forecast(
        firstDay: LocalDay, days: Int, slotHour: Int, busy: [BusyInterval], calendar: LocalCalendar,
        lastNightSleepMinutes: Int?, history: [SessionOutcome], rules: PatternRules
    ) throws(SchedulingError) -> [DaySkipForecast] {
        var forecasts: [DaySkipForecast] = []
        for offset in 0..<max(0, days) {
            let day = firstDay.adding(days: offset)
            let slot = SlotKey(weekday: day.weekday, hour: slotHour)
            let prediction = SkipPredictor.predict(
                slot: slot, meetingHours: try MeetingDensity.hours(on: day, busy: busy, calendar: calendar),
                lastNightSleepMinutes: offset == 0 ? lastNightSleepMinutes : nil, history: history, rules: rules)
            forecasts.append(DaySkipForecast(day: day, slot: slot, prediction: prediction))
        }
        return forecasts
    }
}
