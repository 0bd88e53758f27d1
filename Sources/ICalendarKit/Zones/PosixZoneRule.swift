import CivilCalendar
import Foundation

/// A POSIX TZ rule as a TZif footer gives it (RFC 8536 3.3): "CET-1CEST,M3.5.0,M10.5.0/3",
/// "<+1245>-12:45<+1345>,M9.5.0/2:45,M4.1.0/3:45", "<+0330>-3:30". It states a zone's offsets
/// after the file's last transition.
struct PosixZoneRule: Sendable {
    /// One end of daylight time: a day rule and the local time of day (seconds, may exceed 24 h or be negative).
    struct Change: Sendable, Equatable {
        enum Day: Sendable, Equatable {
            /// "Jn": day 1…365 of the year, February 29 never counted.
            case julian(Int)
            /// "n": day 0…365 of the year, February 29 counted.
            case zeroBased(Int)
            /// "Mm.w.d": weekday d (0 = Sunday) of week w (1…4, 5 = last) of month m.
            case monthWeekDay(month: Int, week: Int, weekday: Int)
        }

        var day: Day
        var time: Int
    }

    /// Daylight time: its UTC offset, and when it starts (local standard time) and ends (local daylight time).
    struct Daylight: Sendable, Equatable {
        var offset: Int
        var start: Change
        var end: Change
    }

    /// UTC offset in standard time, seconds east of Greenwich.
    var standardOffset: Int
    /// Nil: the zone keeps standard time all year.
    var daylight: Daylight?

    /// Parses the rule; nil when it is not a POSIX TZ rule.
    init?(_ text: String) {
        var scanner = RuleScanner(text)
        guard scanner.name(), let standard = scanner.offset() else { return nil }
        standardOffset = -standard
        if scanner.atEnd {
            daylight = nil
            return
        }
        guard scanner.name() else { return nil }
        let daylightOffset = scanner.peekIsOffset ? scanner.offset().map { -$0 } : standardOffset + 3_600
        guard let daylightOffset else { return nil }
        var start = Change(day: .monthWeekDay(month: 3, week: 2, weekday: 0), time: 7_200)
        var end = Change(day: .monthWeekDay(month: 11, week: 1, weekday: 0), time: 7_200)
        if !scanner.atEnd {
            guard scanner.take(","), let first = scanner.change(), scanner.take(","), let second = scanner.change(), scanner.atEnd
            else { return nil }
            (start, end) = (first, second)
        }
        daylight = Daylight(offset: daylightOffset, start: start, end: end)
    }

    /// UTC offset in seconds at a UTC instant.
    func offset(atUTC seconds: Int) -> Int {
        guard let daylight else { return standardOffset }
        let year = CivilDate(daysSinceEpoch: Self.floorDiv(seconds + standardOffset, 86_400)).year
        // Daylight time starts at a local standard time and ends at a local daylight time.
        let start = Self.instant(of: daylight.start, in: year) - standardOffset
        let end = Self.instant(of: daylight.end, in: year) - daylight.offset
        let inDaylight = start < end ? (seconds >= start && seconds < end) : !(seconds >= end && seconds < start)
        return inDaylight ? daylight.offset : standardOffset
    }

    /// Local seconds (as if UTC) of a change in `year`.
    private static func instant(of change: Change, in year: Int) -> Int {
        let firstDay = CivilDate(year: year, month: 1, day: 1).daysSinceEpoch
        let day: Int
        switch change.day {
        case .julian(let number):
            let isLeap = CivilDate(year: year, month: 3, day: 1).daysSinceEpoch - firstDay == 60
            day = firstDay + number - 1 + (isLeap && number >= 60 ? 1 : 0)
        case .zeroBased(let number):
            day = firstDay + number
        case .monthWeekDay(let month, let week, let weekday):
            let monthStart = CivilDate(year: year, month: month, day: 1).daysSinceEpoch
            let nextMonth = month == 12 ? CivilDate(year: year + 1, month: 1, day: 1) : CivilDate(year: year, month: month + 1, day: 1)
            // 1970-01-01 was a Thursday (weekday 4).
            let firstWeekday = floorMod(monthStart + 4, 7)
            var candidate = monthStart + floorMod(weekday - firstWeekday, 7) + (week - 1) * 7
            while candidate >= nextMonth.daysSinceEpoch { candidate -= 7 }
            day = candidate
        }
        return day * 86_400 + change.time
    }

    private static func floorDiv(_ value: Int, _ divisor: Int) -> Int {
        value >= 0 ? value / divisor : -((-value + divisor - 1) / divisor)
    }

    private static func floorMod(_ value: Int, _ divisor: Int) -> Int {
        value - floorDiv(value, divisor) * divisor
    }
}

/// Reads the parts of a POSIX TZ rule.
private struct RuleScanner {
    private let characters: [Character]
    private var index = 0

    init(_ text: String) {
        characters = Array(text)
    }

    var atEnd: Bool { index == characters.count }

    var peekIsOffset: Bool {
        guard index < characters.count else { return false }
        return characters[index] == "+" || characters[index] == "-" || characters[index].isASCII && characters[index].isNumber
    }

    mutating func take(_ character: Character) -> Bool {
        guard index < characters.count, characters[index] == character else { return false }
        index += 1
        return true
    }

    /// A zone abbreviation: three or more letters, or anything between "<" and ">".
    mutating func name() -> Bool {
        if take("<") {
            while index < characters.count, characters[index] != ">" { index += 1 }
            return take(">")
        }
        let start = index
        while index < characters.count, characters[index].isASCII, characters[index].isLetter { index += 1 }
        return index - start >= 3
    }

    /// "[+-]hh[:mm[:ss]]" in seconds (POSIX sign: positive is west of Greenwich).
    mutating func offset() -> Int? {
        var sign = 1
        if take("-") { sign = -1 } else { _ = take("+") }
        guard let hours = number() else { return nil }
        var seconds = hours * 3_600
        if take(":") {
            guard let minutes = number() else { return nil }
            seconds += minutes * 60
            if take(":") {
                guard let rest = number() else { return nil }
                seconds += rest
            }
        }
        return sign * seconds
    }

    /// "Mm.w.d", "Jn" or "n", then an optional "/time" (default 02:00; RFC 8536 allows -167…167 hours).
    mutating func change() -> PosixZoneRule.Change? {
        let day: PosixZoneRule.Change.Day
        if take("M") {
            guard let month = number(), take("."), let week = number(), take("."), let weekday = number(),
                  (1...12).contains(month), (1...5).contains(week), (0...6).contains(weekday)
            else { return nil }
            day = .monthWeekDay(month: month, week: week, weekday: weekday)
        } else if take("J") {
            guard let number = number(), (1...365).contains(number) else { return nil }
            day = .julian(number)
        } else {
            guard let number = number(), (0...365).contains(number) else { return nil }
            day = .zeroBased(number)
        }
        var time = 7_200
        if take("/") {
            guard let seconds = offset() else { return nil }
            time = seconds
        }
        return PosixZoneRule.Change(day: day, time: time)
    }

    private mutating func number() -> Int? {
        let start = index
        var value = 0
        while index < characters.count, let digit = characters[index].wholeNumberValue, characters[index].isASCII {
            value = value * 10 + digit
            index += 1
            if index - start > 6 { return nil }
        }
        return index > start ? value : nil
    }
}
