import CivilCalendar
import Foundation

/// A FREQ=WEEKLY rule with plain BYDAY days or none (every Tuesday; every other Sunday; Monday and Thursday
/// every third week), iterated in Swift on wall time: quicker than libical's iterator, which computes each
/// start through ICU's calendar.
///
/// With INTERVAL above 1 it is also right where libical is not: libical 3.0 starts such a rule a whole
/// interval late when the first matching day of DTSTART's week is a Sunday and WKST is Monday (its weeks
/// start on Sunday whatever WKST says): a fortnightly Sunday event starting on a Saturday would skip the
/// next day. RFC 5545 3.3.10: the weeks are counted from the week
/// (starting on WKST, default Monday) that holds DTSTART. Rules with any other part stay with libical.
struct WeeklyRule {
    private let interval: Int
    /// Days after the week's first day (WKST), ascending.
    private let offsets: [Int]
    private let count: Int?
    private let until: WallDateTime?
    private let start: WallDateTime
    /// Day number (since 1970) of the first day of DTSTART's week.
    private let firstWeek: Int
    private var week = 0
    private var position = 0
    private var produced = 0

    /// Nil unless `text` has the part FREQ=WEEKLY and no others than INTERVAL, BYDAY (weekdays without a
    /// number; none: DTSTART's weekday), WKST, COUNT and UNTIL (`until`: already on DTSTART's clock).
    init?(text: String, start: WallDateTime, until: WallDateTime?) {
        var parts: [String: String] = [:]
        for item in text.split(separator: ";") where !item.isEmpty {
            let pair = item.split(separator: "=", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces).uppercased() }
            guard pair.count == 2, parts[pair[0]] == nil else { return nil }
            parts[pair[0]] = pair[1]
        }
        let interval = parts["INTERVAL"].map { Int($0) ?? 0 } ?? 1  // 0: not a number
        guard parts["FREQ"] == "WEEKLY", Set(parts.keys).isSubset(of: ["FREQ", "INTERVAL", "BYDAY", "WKST", "COUNT", "UNTIL"]),
              interval >= 1
        else { return nil }
        let startDay = CivilDate(year: start.year, month: start.month, day: start.day).daysSinceEpoch
        // 1970-01-01 was a Thursday; weekdays count from Sunday.
        let startWeekday = ((startDay + 4) % 7 + 7) % 7
        let days = parts["BYDAY"]?.split(separator: ",").map(String.init) ?? [Self.weekdays[startWeekday]]
        guard !days.isEmpty else { return nil }
        var weekStart = 1  // Monday
        if let name = parts["WKST"] {
            guard let index = Self.weekdays.firstIndex(of: name) else { return nil }
            weekStart = index
        }
        var offsets: Set<Int> = []
        for day in days {
            guard let weekday = Self.weekdays.firstIndex(of: day) else { return nil }
            offsets.insert((weekday - weekStart + 7) % 7)
        }
        var count: Int?
        if let text = parts["COUNT"] {
            guard let number = Int(text), number > 0 else { return nil }
            count = number
        }
        guard (parts["UNTIL"] == nil) == (until == nil) else { return nil }
        self.interval = interval
        self.offsets = offsets.sorted()
        self.count = count
        self.until = until
        self.start = start
        firstWeek = startDay - (startWeekday - weekStart + 7) % 7
    }

    /// RFC 5545 weekday names, Sunday first.
    private static let weekdays = ["SU", "MO", "TU", "WE", "TH", "FR", "SA"]

    /// The next start on or after DTSTART, nil when COUNT or UNTIL ends the rule.
    mutating func next() -> WallDateTime? {
        while true {
            if let count, produced >= count { return nil }
            let day = firstWeek + week * interval * 7 + offsets[position]
            position += 1
            if position == offsets.count {
                position = 0
                week += 1
            }
            let civil = CivilDate(daysSinceEpoch: day)
            let candidate = WallDateTime(year: civil.year, month: civil.month, day: civil.day, hour: start.hour,
                                     minute: start.minute, second: start.second, isDate: start.isDate)
            if candidate < start { continue }
            if let until, until < candidate { return nil }
            produced += 1
            return candidate
        }
    }
}
