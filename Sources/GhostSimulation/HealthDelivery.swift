import CivilCalendar
import Foundation
import GhostEngine

/// How a simulated user's health data reaches vigord: at once (a wearable that syncs by itself), or through a watched
/// source that brings it late, as `[[health.source]]` does on Linux: a phone's export synced every few hours
/// (Gadgetbridge over Syncthing, Health Auto Export), or a watch's FIT files read when the watch is plugged in.
/// A reading or workout record reaches the engine at the first delivery at or after the moment it was recorded.
public enum HealthDelivery: Sendable, Equatable {
    /// The wearable syncs by itself: the morning's readings and yesterday's steps at 05:50, a detected workout 5
    /// minutes after it ends (the default: every shipped scenario).
    case immediate
    /// The phone's export lands every `everyHours` hours, the first `firstSyncMinutes` after day 1's midnight.
    case phoneSync(everyHours: Int, firstSyncMinutes: Int)
    /// The watch is plugged in every `everyDays` days at `hour`, first on day `firstPlugDay`.
    case watchPlug(everyDays: Int, firstPlugDay: Int, hour: Int)

    /// The delivery that brings a record ending at `recorded`: the first at or after it.
    /// - Parameters:
    ///   - firstDay: the scenario's day 1, where the delivery times start.
    /// - Returns: nil for `immediate` (the wearable's own times apply).
    func arrival(ofRecordEndingAt recorded: Date, firstDay: LocalDay, calendar: LocalCalendar) throws(EngineError) -> Date? {
        switch self {
        case .immediate:
            return nil
        case .phoneSync(let everyHours, let firstSyncMinutes):
            let first = try calendar.startOfDay(firstDay).addingTimeInterval(TimeInterval(firstSyncMinutes * 60))
            let period = TimeInterval(everyHours * 3600)
            let periods = max(0, (recorded.timeIntervalSince(first) / period).rounded(.up))
            return first.addingTimeInterval(periods * period)
        case .watchPlug(let everyDays, let firstPlugDay, let hour):
            let firstPlug = firstPlugDay - 1
            let day = firstDay.days(until: calendar.day(of: recorded))
            var plugs = max(0, Int((Double(day - firstPlug) / Double(everyDays)).rounded(.up)))
            var plugged = try calendar.date(on: firstDay.adding(days: firstPlug + plugs * everyDays), hour: hour)
            while plugged < recorded {
                plugs += 1
                plugged = try calendar.date(on: firstDay.adding(days: firstPlug + plugs * everyDays), hour: hour)
            }
            return plugged
        }
    }
}

extension HealthDelivery: Codable {
    private enum CodingKeys: String, CodingKey {
        case kind, everyHours, firstSyncMinutes, everyDays, firstPlugDay, hour
    }

    /// The kinds a scenario names.
    public enum Kind: String, Codable, Sendable {
        case immediate, phoneSync, watchPlug
    }

    /// The default hour a watch is plugged in: to charge at bedtime, after the evening plan.
    public static let defaultPlugHour = 22

    public init(from decoder: any Decoder) throws {
        let keys = try decoder.container(keyedBy: CodingKeys.self)
        switch try keys.decode(Kind.self, forKey: .kind) {
        case .immediate:
            self = .immediate
        case .phoneSync:
            self = .phoneSync(
                everyHours: try keys.decode(Int.self, forKey: .everyHours),
                firstSyncMinutes: try keys.decodeIfPresent(Int.self, forKey: .firstSyncMinutes) ?? 0)
        case .watchPlug:
            self = .watchPlug(
                everyDays: try keys.decode(Int.self, forKey: .everyDays),
                firstPlugDay: try keys.decodeIfPresent(Int.self, forKey: .firstPlugDay) ?? 1,
                hour: try keys.decodeIfPresent(Int.self, forKey: .hour) ?? Self.defaultPlugHour)
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var keys = encoder.container(keyedBy: CodingKeys.self)
        switch self {
        case .immediate:
            try keys.encode(Kind.immediate, forKey: .kind)
        case .phoneSync(let everyHours, let firstSyncMinutes):
            try keys.encode(Kind.phoneSync, forKey: .kind)
            try keys.encode(everyHours, forKey: .everyHours)
            try keys.encode(firstSyncMinutes, forKey: .firstSyncMinutes)
        case .watchPlug(let everyDays, let firstPlugDay, let hour):
            try keys.encode(Kind.watchPlug, forKey: .kind)
            try keys.encode(everyDays, forKey: .everyDays)
            try keys.encode(firstPlugDay, forKey: .firstPlugDay)
            try keys.encode(hour, forKey: .hour)
        }
    }

    /// Checks the numbers: a sync every 1–24 hours, the first within one period; a plug every 1–30 days, the first
    /// within one period, at an hour of the day.
    /// - Throws: `ScenarioError` naming the key path (under `path`) of the first problem.
    func validate(_ path: String) throws(ScenarioError) {
        func check(_ key: String, _ value: Int, _ range: ClosedRange<Int>) throws(ScenarioError) {
            guard range.contains(value) else {
                throw ScenarioError(path: "\(path).\(key)", message: "must be \(range.lowerBound)…\(range.upperBound), is \(value)")
            }
        }
        switch self {
        case .immediate:
            return
        case .phoneSync(let everyHours, let firstSyncMinutes):
            try check("everyHours", everyHours, 1...24)
            try check("firstSyncMinutes", firstSyncMinutes, 0...(everyHours * 60 - 1))
        case .watchPlug(let everyDays, let firstPlugDay, let hour):
            try check("everyDays", everyDays, 1...30)
            try check("firstPlugDay", firstPlugDay, 1...everyDays)
            try check("hour", hour, 0...23)
        }
    }
}
