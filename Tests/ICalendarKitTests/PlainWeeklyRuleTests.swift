import CLibical
import Foundation
import Testing
@testable import ICalendarKit

/// Plain weekly rules are iterated in Swift (`WeeklyRule`), not by libical; with INTERVAL 1 (where libical's
/// weeks cannot start late) the starts are exactly libical's, whatever weekday DTSTART falls on.
@Suite struct PlainWeeklyRuleTests {
    private func libicalStarts(_ text: String, from start: WallDateTime, count: Int) throws -> [WallDateTime] {
        LibicalRuntime.prepare()
        let rule = icalrecurrencetype_from_string(text)
        defer { free(rule.rscale) }
        let iterator = try #require(icalrecur_iterator_new(rule, start.floatingICalTime))
        defer { icalrecur_iterator_free(iterator) }
        var starts: [WallDateTime] = []
        while starts.count < count {
            let next = icalrecur_iterator_next(iterator)
            if icaltime_is_null_time(next) != 0 { break }
            starts.append(WallDateTime(ical: next))
        }
        return starts
    }

    private func swiftStarts(_ text: String, from start: WallDateTime, count: Int) throws -> [WallDateTime] {
        let rule = icalrecurrencetype_from_string(text)
        defer { free(rule.rscale) }
        let until = icaltime_is_null_time(rule.until) == 0 ? WallDateTime(ical: rule.until) : nil
        var weekly = try #require(WeeklyRule(text: text, start: start, until: until), "\(text) is iterated in Swift")
        var starts: [WallDateTime] = []
        while starts.count < count, let next = weekly.next() {
            starts.append(next)
        }
        return starts
    }

    @Test func weeklyRulesWithoutAnIntervalGiveTheStartsLibicalGives() throws {
        let rules = ["FREQ=WEEKLY", "FREQ=WEEKLY;INTERVAL=1;BYDAY=FR", "FREQ=WEEKLY;BYDAY=MO,WE", "FREQ=WEEKLY;BYDAY=SA,SU;WKST=SU",
                     "FREQ=WEEKLY;COUNT=5;BYDAY=TU,TH,SU", "FREQ=WEEKLY;UNTIL=20260601T093000", "FREQ=WEEKLY;BYDAY=SU;COUNT=8"]
        for day in 1...7 {  // DTSTART on each weekday, 1–7 March 2026 (a Sunday to a Saturday)
            let start = WallDateTime(year: 2026, month: 3, day: day, hour: 9, minute: 30, second: 0, isDate: false)
            for rule in rules {
                let expected = try libicalStarts(rule, from: start, count: 40)
                #expect(try swiftStarts(rule, from: start, count: 40) == expected, "\(rule) from 2026-03-0\(day)")
                #expect(expected.count >= 5)
            }
        }
    }

    @Test func weeklyRulesWithOtherPartsStayWithLibical() {
        let start = WallDateTime(year: 2026, month: 3, day: 2, hour: 9, minute: 0, second: 0, isDate: false)
        for rule in ["FREQ=WEEKLY;BYDAY=1MO", "FREQ=WEEKLY;BYMONTH=3", "FREQ=DAILY", "FREQ=WEEKLY;INTERVAL=0"] {
            #expect(WeeklyRule(text: rule, start: start, until: nil) == nil, "\(rule)")
        }
    }
}
