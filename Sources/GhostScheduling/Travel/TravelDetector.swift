import Foundation
import GhostEngine

/// Turns travel evidence into travel days. Rules (Docs/engine.md, "Travel"): an all-day or timed event whose
/// title or category contains a travel keyword; a timed event in a zone ≥ `farZoneHours` from home or at a place
/// ≥ `farDistanceKilometres` away; a system
/// zone change away from home until it changes back (at most `zoneChangeMaxDays`); manual ranges.
public enum TravelDetector {
    /// Travel days in day order, each with its reasons in evidence order.
    /// - Throws: `SchedulingError.calendar` for an unknown zone name.
    public static func travelDays(
        from evidence: [TravelEvidence], home: LocalCalendar, rules: TravelRules
    ) throws(SchedulingError) -> [TravelDay] {
        var reasons: [LocalDay: [String]] = [:]
        func add(_ day: LocalDay, _ reason: String) {
            reasons[day, default: []].append(reason)
        }
        let keywords = rules.keywords.map { $0.lowercased() }
        func mentionsTravel(_ title: String, _ category: String) -> Bool {
            let text = (title + " " + category).lowercased()
            return keywords.contains { text.contains($0) }
        }
        func farZone(start: Date, offset: Int, name: String) {
            let difference = abs(offset - home.timeZone.secondsFromGMT(for: start))
            if Double(difference) >= rules.farZoneHours * 3600 {
                add(home.day(of: start), "event in \(name), \(difference / 3600) h from home")
            }
        }
        let zoneChanges = evidence.compactMap { item -> (LocalDay, String)? in
            if case .systemZoneChange(let day, let zone) = item { return (day, zone) }
            return nil
        }.sorted { $0.0 < $1.0 }
        for item in evidence {
            switch item {
            case .allDayEvent(let day, let title, let category):
                if mentionsTravel(title, category) { add(day, "all-day event \"\(title)\"") }
            case .timedEvent(let start, let title, let category):
                if mentionsTravel(title, category) { add(home.day(of: start), "event \"\(title)\"") }
            case .eventInZone(let start, let identifier):
                farZone(start: start, offset: try zone(identifier).secondsFromGMT(for: start), name: identifier)
            case .eventAtOffset(let start, let offset, let name):
                farZone(start: start, offset: offset, name: name)
            case .eventAtDistance(let start, let distance):
                if distance >= rules.farDistanceKilometres {
                    add(home.day(of: start), "event \(Int(distance.rounded())) km from home")
                }
            case .systemZoneChange(let day, let identifier):
                _ = try zone(identifier)
                guard identifier != home.timeZone.identifier else { continue }
                let back = zoneChanges.first { $0.0 > day }?.0
                for offset in 0..<rules.zoneChangeMaxDays {
                    let current = day.adding(days: offset)
                    if let back, current >= back { break }
                    add(current, "system time zone changed to \(identifier)")
                }
            case .manualRange(let from, let to):
                guard from <= to else {
                    throw .invalidSetting(name: "travel range", problem: "ends (\(to)) before it starts (\(from))")
                }
                for offset in 0...from.days(until: to) {
                    add(from.adding(days: offset), "marked as travel by you")
                }
            }
        }
        return reasons.keys.sorted().map { TravelDay(day: $0, reasons: reasons[$0] ?? []) }
    }

    private static func zone(_ identifier: String) throws(SchedulingError) -> TimeZone {
        guard let zone = TimeZone(identifier: identifier) else {
            throw .calendar(.unknownTimeZone(identifier))
        }
        return zone
    }
}
