import Foundation
@testable import ICalendarKit

/// Writes one random calendar of `CalendarCorpus`.
struct CorpusCalendarWriter {
    var random: SeededRandom
    var transitions: TransitionTable
    let number: Int
    private var lines: [String] = []
    private var zone = "UTC"
    private var year = 2026
    private var floatingZone = "UTC"
    private var customZone = false

    init(random: SeededRandom, transitions: TransitionTable, number: Int) {
        self.random = random
        self.transitions = transitions
        self.number = number
    }

    /// How the times of one event are written.
    enum Clock {
        case zoned(tzid: String, iana: String)
        case custom
        case utc
        case floating
        case date
    }

    mutating func calendar() -> CalendarCorpus.Entry {
        zone = random.pick(CalendarCorpus.zones)
        year = random.int(2016...2027)
        floatingZone = zone
        lines = ["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//vigord differential corpus//EN"]
        if random.chance(15) {
            let wrZone = random.pick(CalendarCorpus.zones)
            lines.append("X-WR-TIMEZONE:\(wrZone)")
            floatingZone = wrZone
        }
        if random.chance(12) {
            lines.append(contentsOf: partialBerlinZone())
        }
        if random.chance(10) {
            customZone = true
            lines.append(contentsOf: officeZone())
        }
        let events = random.int(1...3)
        for event in 0..<events {
            series(index: event)
        }
        lines.append("END:VCALENDAR")
        let allDay = random.pick([CalendarSourceConfig.AllDayPolicy.free, .free, .busy, .neverBusy])
        return CalendarCorpus.Entry(name: String(format: "cal-%04d", number), text: lines.map { $0 + "\r\n" }.joined(),
                                    zone: zone, year: year, allDay: allDay)
    }

    /// Europe/Berlin as some producers embed it: only observances from 2018 on.
    private func partialBerlinZone() -> [String] {
        ["BEGIN:VTIMEZONE", "TZID:Europe/Berlin",
         "BEGIN:DAYLIGHT", "TZOFFSETFROM:+0100", "TZOFFSETTO:+0200", "TZNAME:CEST", "DTSTART:20180325T020000",
         "RRULE:FREQ=YEARLY;BYMONTH=3;BYDAY=-1SU", "END:DAYLIGHT",
         "BEGIN:STANDARD", "TZOFFSETFROM:+0200", "TZOFFSETTO:+0100", "TZNAME:CET", "DTSTART:20181028T030000",
         "RRULE:FREQ=YEARLY;BYMONTH=10;BYDAY=-1SU", "END:STANDARD", "END:VTIMEZONE"]
    }

    /// A zone the system does not know, defined only in the file (+03:00, +04:00 from the first Sunday of April
    /// at 00:00 to the last Sunday of October at 01:00).
    private func officeZone() -> [String] {
        ["BEGIN:VTIMEZONE", "TZID:Office Time",
         "BEGIN:STANDARD", "TZOFFSETFROM:+0400", "TZOFFSETTO:+0300", "TZNAME:OST", "DTSTART:19701025T010000",
         "RRULE:FREQ=YEARLY;BYMONTH=10;BYDAY=-1SU", "END:STANDARD",
         "BEGIN:DAYLIGHT", "TZOFFSETFROM:+0300", "TZOFFSETTO:+0400", "TZNAME:ODT", "DTSTART:19700405T000000",
         "RRULE:FREQ=YEARLY;BYMONTH=4;BYDAY=1SU", "END:DAYLIGHT", "END:VTIMEZONE"]
    }

    private mutating func clock() -> Clock {
        switch random.int(0...99) {
        case 0..<40:
            if random.chance(25) {
                let spelled = random.pick(CalendarCorpus.spelledZones)
                return .zoned(tzid: spelled.tzid, iana: spelled.iana)
            }
            let name = random.chance(60) ? zone : random.pick(CalendarCorpus.zones)
            return .zoned(tzid: name, iana: name)
        case 40..<45:
            return customZone ? .custom : .zoned(tzid: zone, iana: zone)
        case 45..<60: return .utc
        case 60..<75: return .floating
        default: return .date
        }
    }

    /// The IANA zone whose transitions are interesting for times on `clock`.
    private func ruleZone(_ clock: Clock) -> String {
        switch clock {
        case .zoned(_, let iana): return iana
        case .floating, .date: return floatingZone
        case .custom, .utc: return zone
        }
    }

    private mutating func series(index: Int) {
        let uid = "e\(index)-\(number)@corpus.vigord"
        let summary = "E\(index)"
        let clock = clock()
        let start = startWall(clock)
        var event = ["BEGIN:VEVENT", "UID:\(uid)", "DTSTAMP:20240101T000000Z", "SUMMARY:\(summary)"]
        event.append("DTSTART" + format(start, clock))
        event.append(contentsOf: length(from: start, clock: clock))
        event.append(contentsOf: busyProperties())
        var rule: (frequencyDays: Int?, text: String)?
        if random.chance(65) {
            rule = recurrenceRule(start: start, clock: clock)
            event.append("RRULE:" + rule!.text)
        }
        if random.chance(rule == nil ? 20 : 30) {
            event.append(contentsOf: recurrenceDates(start: start, clock: clock))
        }
        var instances: [WallDateTime] = []
        if let days = rule?.frequencyDays {
            instances = (1...12).map { start.addingDays($0 * days) }
        }
        if !instances.isEmpty, random.chance(35) {
            for _ in 0..<random.int(1...2) {
                event.append("EXDATE" + exceptionValue(random.pick(instances), clock: clock))
            }
        }
        event.append("END:VEVENT")
        lines.append(contentsOf: event)
        if !instances.isEmpty, random.chance(40) {
            // Distinct instances: two overrides of one RECURRENCE-ID contradict each other.
            let first = random.int(0...(instances.count - 1))
            var chosen = [first]
            if random.chance(40) { chosen.append((first + random.int(1...(instances.count - 1))) % instances.count) }
            for index in chosen {
                lines.append(contentsOf: override(uid: uid, summary: summary, of: instances[index], clock: clock))
            }
        }
    }

    /// DTSTART: near a UTC offset change of the zone in about a third of the events, else anywhere from
    /// half a year before the window to its end.
    private mutating func startWall(_ clock: Clock) -> WallDateTime {
        let changes = transitions.changes(in: ruleZone(clock), year: year)
        if case .date = clock {
            if !changes.isEmpty, random.chance(40) {
                let change = random.pick(changes)
                let day = WallDateTime.fromNaive(change.instant + change.before).addingDays(random.int(-1...0))
                return day.startOfDay(isDate: true)
            }
            return randomDay(isDate: true)
        }
        if !changes.isEmpty, random.chance(35) {
            let change = random.pick(changes)
            let wall = WallDateTime.fromNaive(change.instant + change.before)
            switch random.int(0...4) {
            case 0: return wall
            case 1: return WallDateTime.fromNaive(wall.naiveSeconds + 30 * 60)
            case 2: return WallDateTime.fromNaive(wall.naiveSeconds - 60 * 60)
            case 3: return WallDateTime.fromNaive(wall.naiveSeconds - 60 * 60 * random.int(1...12))
            default: return WallDateTime.fromNaive(wall.naiveSeconds - 86_400 + 30 * 60)
            }
        }
        let day = randomDay(isDate: false)
        let hour = random.pick([0, 0, 1, 2, 2, 3, 7, 8, 9, 12, 17, 18, 22, 23])
        let minute = random.pick([0, 0, 15, 30, 45])
        return day.at(hour: hour, minute: minute, second: day.second)
    }

    private mutating func randomDay(isDate: Bool) -> WallDateTime {
        let first = WallDateTime(year: year - 1, month: 7, day: 1, hour: 0, minute: 0, second: 0, isDate: isDate)
        return first.addingDays(random.int(0...545))
    }

    /// DTEND or DURATION (or neither); a few end before they start.
    private mutating func length(from start: WallDateTime, clock: Clock) -> [String] {
        if case .date = clock {
            switch random.int(0...9) {
            case 0...4: return ["DTEND" + format(start.addingDays(random.int(1...3)), clock)]
            case 5...6: return ["DURATION:P\(random.int(1...2))D"]
            case 7: return ["DTEND" + format(start.addingDays(-1), clock)]
            default: return []
            }
        }
        let minutes = random.pick([30, 45, 60, 60, 90, 120, 180, 300, 600, 1_500])
        switch random.int(0...19) {
        case 0...9:
            return ["DTEND" + format(WallDateTime.fromNaive(start.naiveSeconds + minutes * 60), clock)]
        case 10...14:
            return [random.chance(50) ? "DURATION:PT\(minutes)M" : "DURATION:P\(random.int(0...1))DT\(random.int(1...5))H"]
        case 15:
            return ["DTEND" + format(WallDateTime.fromNaive(start.naiveSeconds - minutes * 60), clock)]
        case 16:
            return ["DTEND" + format(start, clock)]
        default:
            return []
        }
    }

    private mutating func busyProperties() -> [String] {
        var properties: [String] = []
        switch random.int(0...9) {
        case 0...2: properties.append("TRANSP:OPAQUE")
        case 3: properties.append("TRANSP:TRANSPARENT")
        default: break
        }
        switch random.int(0...19) {
        case 0: properties.append("STATUS:CANCELLED")
        case 1...3: properties.append("STATUS:TENTATIVE")
        case 4...8: properties.append("STATUS:CONFIRMED")
        default: break
        }
        if random.chance(20) {
            let partstat = random.pick(["ACCEPTED", "DECLINED", "TENTATIVE", "NEEDS-ACTION"])
            properties.append("ATTENDEE;PARTSTAT=\(partstat):mailto:\(CalendarCorpus.user)")
            properties.append("ATTENDEE;PARTSTAT=DECLINED:mailto:someone@example.org")
        }
        return properties
    }

    /// An RRULE, with the step in days when its instances are easy to name (for EXDATE and RECURRENCE-ID).
    private mutating func recurrenceRule(start: WallDateTime, clock: Clock) -> (frequencyDays: Int?, text: String) {
        let interval = random.chance(70) ? 1 : random.int(2...3)
        var parts: [String]
        var step: Int?
        switch random.int(0...9) {
        case 0...2:
            parts = ["FREQ=DAILY"]
            step = interval
        case 3...5:
            parts = ["FREQ=WEEKLY"]
            if random.chance(40) {
                let days = ["MO", "TU", "WE", "TH", "FR", "SA", "SU"].filter { _ in random.chance(40) }
                if !days.isEmpty { parts.append("BYDAY=" + days.joined(separator: ",")) }
            }
            step = parts.count == 1 ? 7 * interval : nil
        case 6...7:
            parts = ["FREQ=MONTHLY"]
            switch random.int(0...3) {
            case 0: parts.append("BYDAY=\(random.pick(["1", "2", "-1"]))\(random.pick(["MO", "TU", "SU", "SA"]))")
            case 1: parts.append("BYDAY=MO,TU,WE,TH,FR;BYSETPOS=-1")
            case 2: parts.append("BYMONTHDAY=\(random.pick([1, 15, 31, -1]))")
            default: break
            }
        case 8:
            parts = ["FREQ=YEARLY"]
        default:
            if case .date = clock {
                parts = ["FREQ=DAILY"]
                step = interval
            } else {
                parts = ["FREQ=HOURLY", "COUNT=\(random.int(3...30))"]
                return (nil, (parts + (interval > 1 ? ["INTERVAL=\(interval * 5)"] : [])).joined(separator: ";"))
            }
        }
        if interval > 1 { parts.append("INTERVAL=\(interval)") }
        switch random.int(0...9) {
        case 0...3: parts.append("COUNT=\(random.int(2...40))")
        case 4...6: parts.append("UNTIL=" + untilValue(start.addingDays(random.int(20...400)), clock: clock))
        default: break
        }
        return (step, parts.joined(separator: ";"))
    }

    /// UNTIL in the form RFC 5545 asks for: UTC for zoned times, floating for floating ones, a date for dates.
    private mutating func untilValue(_ wall: WallDateTime, clock: Clock) -> String {
        switch clock {
        case .date: return dateText(wall)
        case .floating: return dateTimeText(wall)
        case .utc: return dateTimeText(wall) + "Z"
        case .zoned, .custom: return dateTimeText(WallDateTime.fromNaive(wall.naiveSeconds - 12 * 3_600)) + "Z"
        }
    }

    private mutating func recurrenceDates(start: WallDateTime, clock: Clock) -> [String] {
        var result: [String] = []
        for _ in 0..<random.int(1...3) {
            let day = start.addingDays(random.int(-20...200))
            if case .date = clock {
                result.append("RDATE;VALUE=DATE:" + dateText(day))
                continue
            }
            let hour = random.pick([0, 2, 9, 12, 15, 23])
            let minute = random.pick([0, 30])
            let wall = day.at(hour: hour, minute: minute, second: day.second)
            if random.chance(45) {
                let end = WallDateTime.fromNaive(wall.naiveSeconds + random.pick([30, 60, 180]) * 60)
                let period = random.chance(70)
                    ? dateTimeText(wall) + zSuffix(clock) + "/" + dateTimeText(end) + zSuffix(clock)
                    : dateTimeText(wall) + zSuffix(clock) + "/PT\(random.pick([1, 2, 3]))H"
                result.append("RDATE;VALUE=PERIOD" + tzidParameter(clock) + ":" + period)
            } else {
                result.append("RDATE" + format(wall, clock))
            }
        }
        return result
    }

    private mutating func exceptionValue(_ instance: WallDateTime, clock: Clock) -> String {
        if case .date = clock {
            return format(instance, clock)
        }
        if random.chance(15) {
            return ";VALUE=DATE:" + dateText(instance)
        }
        return format(instance, clock)
    }

    private mutating func override(uid: String, summary: String, of instance: WallDateTime, clock: Clock) -> [String] {
        let future = random.chance(25)
        var lines = ["BEGIN:VEVENT", "UID:\(uid)", "DTSTAMP:20240101T000000Z", "SUMMARY:\(summary) moved",
                     "RECURRENCE-ID" + (future ? ";RANGE=THISANDFUTURE" : "") + format(instance, clock)]
        let shift: Int
        if case .date = clock {
            shift = random.pick([-1, 1, 2]) * 86_400
        } else {
            shift = random.pick([-7_200, -1_800, 3_600, 86_400, 0])
        }
        let start = WallDateTime.fromNaive(instance.naiveSeconds + shift, isDate: instance.isDate)
        lines.append("DTSTART" + format(start, clock))
        lines.append(contentsOf: length(from: start, clock: clock))
        lines.append(contentsOf: busyProperties())
        lines.append("END:VEVENT")
        return lines
    }

    // MARK: - Text

    /// ";TZID=…:value", ":valueZ", ":value" or ";VALUE=DATE:value".
    private func format(_ wall: WallDateTime, _ clock: Clock) -> String {
        switch clock {
        case .date: return ";VALUE=DATE:" + dateText(wall)
        case .utc: return ":" + dateTimeText(wall) + "Z"
        case .floating: return ":" + dateTimeText(wall)
        case .zoned, .custom: return tzidParameter(clock) + ":" + dateTimeText(wall)
        }
    }

    private func tzidParameter(_ clock: Clock) -> String {
        switch clock {
        case .zoned(let tzid, _): return ";TZID=" + tzid
        case .custom: return ";TZID=Office Time"
        default: return ""
        }
    }

    private func zSuffix(_ clock: Clock) -> String {
        if case .utc = clock { return "Z" }
        return ""
    }

    private func dateText(_ wall: WallDateTime) -> String {
        String(format: "%04d%02d%02d", wall.year, wall.month, wall.day)
    }

    private func dateTimeText(_ wall: WallDateTime) -> String {
        String(format: "%04d%02d%02dT%02d%02d%02d", wall.year, wall.month, wall.day, wall.hour, wall.minute, wall.second)
    }
}
