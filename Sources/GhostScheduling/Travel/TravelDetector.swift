import CivilCalendar
import Foundation
import GhostEngine

/// Turns travel evidence into travel days. Rules (Docs/engine.md, "Travel"): an all-day or timed event whose
/// title or category contains a travel keyword; a day whose events with a zone are mostly set in zones
/// ≥ `farZoneHours` from home; either end of an event that crosses zones when that end is far; an event at a
/// place ≥ `farDistanceKilometres` away; a system zone change away from home until it changes back (at most
/// `zoneChangeMaxDays`); manual ranges.
public enum TravelDetector {
    /// Travel days in day order, each with its reasons in evidence order (repeated reasons once, with a count).
    /// - Throws: `SchedulingError.calendar` for an unknown zone name.
    public static func travelDays(
        from evidence: [TravelEvidence], home: LocalCalendar, rules: TravelRules
    ) throws(SchedulingError) -> [TravelDay] {
        var reasons = DayReasons()
        var zoned = ZonedEvents(home: home, farSeconds: Int(rules.farZoneHours * 3600))
        let keywords = TravelKeywords(rules.keywords)
        func mentionsTravel(_ title: String, _ category: String) -> Bool {
            keywords.found(in: title) || keywords.found(in: category)
        }
        let zoneChanges = evidence.compactMap { item -> (LocalDay, String)? in
            if case .systemZoneChange(let day, let zone) = item { return (day, zone) }
            return nil
        }.sorted { $0.0 < $1.0 }
        for item in evidence {
            switch item {
            case .allDayEvent(let day, let title, let category):
                if mentionsTravel(title, category) { reasons.add(day, "all-day event \"\(title)\"") }
            case .timedEvent(let start, let title, let category):
                if mentionsTravel(title, category) { reasons.add(home.day(of: start), "event \"\(title)\"") }
            case .eventInZone(let start, let identifier):
                zoned.add(start: start, offset: try zone(identifier).secondsFromGMT(for: start), name: identifier)
            case .eventAtOffset(let start, let offset, let name):
                zoned.add(start: start, offset: offset, name: name)
            case .eventAcrossZones(let start, let startOffset, let startName, let end, let endOffset, let endName):
                for (instant, offset, name) in [(start, startOffset, startName), (end, endOffset, endName)] {
                    if let hours = zoned.farHours(at: instant, offset: offset) {
                        reasons.add(home.day(of: instant), "an event that crosses zones in \(name), \(hours) h from home")
                    }
                }
            case .eventAtDistance(let start, let distance):
                if distance >= rules.farDistanceKilometres {
                    reasons.add(home.day(of: start), "event \(Int(distance.rounded())) km from home")
                }
            case .systemZoneChange(let day, let identifier):
                _ = try zone(identifier)
                guard identifier != home.timeZone.identifier else { continue }
                let back = zoneChanges.first { $0.0 > day }?.0
                for offset in 0..<rules.zoneChangeMaxDays {
                    let current = day.adding(days: offset)
                    if let back, current >= back { break }
                    reasons.add(current, "system time zone changed to \(identifier)")
                }
            case .manualRange(let from, let to):
                guard from <= to else {
                    throw .invalidSetting(name: "travel range", problem: "ends (\(to)) before it starts (\(from))")
                }
                for offset in 0...from.days(until: to) {
                    reasons.add(from.adding(days: offset), "marked as travel by you")
                }
            }
        }
        zoned.addMostlyFarDays(to: &reasons)
        return reasons.travelDays()
    }

    private static func zone(_ identifier: String) throws(SchedulingError) -> TimeZone {
        guard let zone = TimeZone(identifier: identifier) else {
            throw .calendar(.unknownTimeZone(identifier))
        }
        return zone
    }
}

/// Reasons per day in the order first seen; a reason seen again only raises its count.
private struct DayReasons {
    private var byDay: [LocalDay: [(reason: String, count: Int)]] = [:]

    mutating func add(_ day: LocalDay, _ reason: String, count: Int = 1) {
        if let index = byDay[day]?.firstIndex(where: { $0.reason == reason }) {
            byDay[day]?[index].count += count
        } else {
            byDay[day, default: []].append((reason, count))
        }
    }

    /// The days that have a reason.
    var days: Dictionary<LocalDay, [(reason: String, count: Int)]>.Keys { byDay.keys }

    /// How many times reasons were added on `day`.
    func total(on day: LocalDay) -> Int {
        (byDay[day] ?? []).reduce(0) { $0 + $1.count }
    }

    /// Adds `day`'s reasons, with their counts, to `other`.
    func copy(_ day: LocalDay, into other: inout DayReasons) {
        for item in byDay[day] ?? [] { other.add(day, item.reason, count: item.count) }
    }

    func travelDays() -> [TravelDay] {
        byDay.keys.sorted().map { day in
            TravelDay(day: day, reasons: (byDay[day] ?? []).map { $0.count == 1 ? $0.reason : "\($0.count)× \($0.reason)" })
        }
    }
}

/// The events with a zone, per home-local day: a day is travel when more of them are far from home than near,
/// and the far ones agree on where you are (their offsets lie within `farSeconds` of each other). One event
/// set in a far zone among a day of home ones (a call with someone abroad) is not a trip; nor is a day with
/// events in New York and in Tokyo (nobody is in both: those are other people's calendars); a day planned in
/// the other zone is.
private struct ZonedEvents {
    let home: LocalCalendar
    let farSeconds: Int
    private var near: [LocalDay: Int] = [:]
    /// The lowest and highest UTC offset of each day's far events.
    private var farOffsets: [LocalDay: (low: Int, high: Int)] = [:]
    /// Far events per day, per reason, in first-seen order.
    private var far = DayReasons()

    init(home: LocalCalendar, farSeconds: Int) {
        self.home = home
        self.farSeconds = farSeconds
    }

    /// Whole hours between `offset` and home's offset at `instant` when they are at least `farSeconds` apart.
    func farHours(at instant: Date, offset: Int) -> Int? {
        let difference = abs(offset - home.timeZone.secondsFromGMT(for: instant))
        return difference >= farSeconds ? difference / 3600 : nil
    }

    mutating func add(start: Date, offset: Int, name: String) {
        let day = home.day(of: start)
        guard let hours = farHours(at: start, offset: offset) else {
            near[day, default: 0] += 1
            return
        }
        let range = farOffsets[day] ?? (offset, offset)
        farOffsets[day] = (min(range.low, offset), max(range.high, offset))
        far.add(day, "event in \(name), \(hours) h from home")
    }

    func addMostlyFarDays(to reasons: inout DayReasons) {
        for day in far.days where far.total(on: day) > near[day, default: 0] {
            if let range = farOffsets[day], range.high - range.low > farSeconds { continue }
            far.copy(day, into: &reasons)
        }
    }
}

/// Case-insensitive keyword search over UTF-8 bytes: an evening reads thousands of event titles, and
/// Foundation's `contains` (through NSString) cost more than the rest of the travel rules together.
private struct TravelKeywords {
    private let keywords: [[UInt8]]

    init(_ words: [String]) {
        keywords = words.map { Array($0.lowercased().utf8) }.filter { !$0.isEmpty }
    }

    func found(in text: String) -> Bool {
        guard !text.isEmpty else { return false }
        let lowered = Array(text.lowercased().utf8)
        return keywords.contains { Self.contains(lowered, $0) }
    }

    /// Whether `word` occurs in `text` (a plain scan: titles are short).
    private static func contains(_ text: [UInt8], _ word: [UInt8]) -> Bool {
        guard word.count <= text.count else { return false }
        var start = 0
        while start + word.count <= text.count {
            var matched = 0
            while matched < word.count, text[start + matched] == word[matched] { matched += 1 }
            if matched == word.count { return true }
            start += 1
        }
        return false
    }
}
