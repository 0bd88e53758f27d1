import CivilCalendar
import Foundation
import Testing
import GhostEngine

struct LocalDayTests {
    @Test func ordinalOfUnixEpochIsZero() {
        #expect(LocalDay(year: 1970, month: 1, day: 1).ordinal == 0)
        #expect(LocalDay(year: 2000, month: 3, day: 1).ordinal == 11_017)
    }

    @Test func ordinalRoundTripsAcrossLeapYearsAndCenturies() {
        for ordinal in stride(from: -800_000, through: 800_000, by: 997) {
            #expect(LocalDay(ordinal: LocalDay(ordinal: ordinal).ordinal) == LocalDay(ordinal: ordinal))
            #expect(LocalDay(ordinal: ordinal).ordinal == ordinal)
        }
        #expect(LocalDay(year: 2024, month: 2, day: 28).adding(days: 1) == LocalDay(year: 2024, month: 2, day: 29))
        #expect(LocalDay(year: 2100, month: 2, day: 28).adding(days: 1) == LocalDay(year: 2100, month: 3, day: 1))
    }

    @Test func isoTextParsesOnlyRealDates() {
        #expect(LocalDay(iso: "2026-03-02") == LocalDay(year: 2026, month: 3, day: 2))
        #expect(LocalDay(iso: "2026-02-29") == nil)
        #expect(LocalDay(iso: "2026-3-2") == nil)
        #expect(LocalDay(iso: "yesterday") == nil)
        #expect(LocalDay(year: 2026, month: 3, day: 2).description == "2026-03-02")
        #expect(LocalDay(year: 2026, month: 11, day: 22).description == "2026-11-22")
    }

    @Test func daysUntilCountsWholeDays() {
        let start = LocalDay(year: 2026, month: 3, day: 28)
        #expect(start.days(until: LocalDay(year: 2026, month: 3, day: 30)) == 2)
        #expect(start < start.adding(days: 1))
    }
}

struct LocalCalendarTests {
    @Test func springForwardDayHas23Hours() throws {
        #expect(try TestTime.berlin.length(of: LocalDay(year: 2026, month: 3, day: 29)) == 23 * 3600)
    }

    @Test func fallBackDayHas25Hours() throws {
        #expect(try TestTime.berlin.length(of: LocalDay(year: 2026, month: 10, day: 25)) == 25 * 3600)
    }

    @Test func ordinaryDayHas24Hours() throws {
        #expect(try TestTime.berlin.length(of: LocalDay(year: 2026, month: 3, day: 2)) == 24 * 3600)
    }

    @Test func momentReadsLocalDayWeekdayHourAndMinute() throws {
        let moment = try TestTime.moment(0, 7, 30)
        #expect(moment.day == TestTime.monday)
        #expect(moment.weekday == 2)
        #expect(moment.hour == 7)
        #expect(moment.minute == 30)
        let lateUTC = try TestTime.date(0, 23, 30)
        #expect(LocalCalendar(timeZone: .gmt).day(of: lateUTC) == TestTime.monday)
        #expect(TestTime.berlin.day(of: lateUTC.addingTimeInterval(3600)) == TestTime.monday.adding(days: 1))
    }

    @Test(arguments: ["Europe/Berlin", "Australia/Lord_Howe", "America/St_Johns", "Pacific/Kiritimati", "Pacific/Apia", "America/Santiago"])
    func dayOfAnInstantIsTheDayItsMomentReads(zone: String) throws {
        // Half-hour and 30-minute DST zones, +14 h, a zone that skipped a whole day (Apia, 2011-12-30), and one whose
        // DST changes at midnight: every 47 minutes over two years, the fast path agrees with the calendar's reading.
        let calendar = try LocalCalendar(timeZoneIdentifier: zone)
        var instant = Date(timeIntervalSince1970: 1_293_840_000)  // 2011-01-01T00:00Z
        let end = instant.addingTimeInterval(2 * 366 * 86_400)
        while instant < end {
            #expect(calendar.day(of: instant) == calendar.moment(at: instant).day, "\(zone) at \(instant)")
            instant.addTimeInterval(47 * 60)
        }
        #expect(LocalCalendar(timeZone: .gmt).day(of: Date(timeIntervalSince1970: -1)) == LocalDay(year: 1969, month: 12, day: 31))
    }

    @Test func unknownTimeZoneIsATypedError() {
        #expect(throws: EngineError.unknownTimeZone("Mars/Olympus")) {
            try LocalCalendar(timeZoneIdentifier: "Mars/Olympus")
        }
    }

    @Test func impossibleHourIsATypedError() {
        #expect(throws: EngineError.invalidLocalTime("2026-03-02 24:0")) {
            try TestTime.berlin.date(on: TestTime.monday, hour: 24)
        }
    }

    @Test func calendarEncodesAsItsTimeZoneIdentifier() throws {
        let data = try JSONEncoder().encode(TestTime.berlin)
        #expect(String(decoding: data, as: UTF8.self) == "\"Europe\\/Berlin\"")
        #expect(try JSONDecoder().decode(LocalCalendar.self, from: data) == TestTime.berlin)
        #expect(throws: (any Error).self) {
            try JSONDecoder().decode(LocalCalendar.self, from: Data("\"Nowhere/City\"".utf8))
        }
    }
}

struct SplitMix64Tests {
    @Test func seedZeroMatchesTheReferenceImplementation() {
        var generator = SplitMix64(seed: 0)
        #expect(generator.next() == 0xE220_A839_7B1D_CDAF)
        #expect(generator.next() == 0x6E78_9E6A_A1B9_65F4)
    }

    @Test func sameSeedGivesSameSequenceAndUnitValuesStayBelowOne() {
        var first = SplitMix64(seed: 42)
        var second = SplitMix64(seed: 42)
        var other = SplitMix64(seed: 43)
        let a = (0..<100).map { _ in first.nextUnit() }
        #expect(a == (0..<100).map { _ in second.nextUnit() })
        #expect(a != (0..<100).map { _ in other.nextUnit() })
        #expect(a.allSatisfy { $0 >= 0 && $0 < 1 })
    }
}

@Test func slotLabelKeepsTheMinuteSoOffersInOneHourDiffer() {
    #expect(SlotKey(weekday: 2, hour: 7).label(minute: 15) == "Mon 07:15")
    #expect(SlotKey(weekday: 7, hour: 18).label(minute: 0) == "Sat 18:00")
    #expect(SlotKey(weekday: 2, hour: 7).description == "Mon 07:00")
}
