import CivilCalendar
import Testing

@Test func aWeekdayIsReadFromThreeLettersOnInAnyCaseAndNamedInFull() {
    #expect(WeekdayName.number(of: "Sat") == 7)
    #expect(WeekdayName.number(of: "thurs") == 5)
    #expect(WeekdayName.number(of: " SUNDAY ") == 1)
    #expect(WeekdayName.number(of: "tu") == nil)
    #expect(WeekdayName.number(of: "tuesdays") == nil)
    #expect(WeekdayName.number(of: "someday") == nil)
    #expect(WeekdayName.name(of: 4) == "wednesday")
    #expect(WeekdayName.label(of: 2) == "Mon")
    #expect(WeekdayName.label(of: 8) == "Sun")
}

@Test func everyWeekdayNameReadsBackAsItsOwnNumber() {
    for number in 1...7 {
        #expect(WeekdayName.number(of: WeekdayName.name(of: number)) == number)
        #expect(WeekdayName.number(of: WeekdayName.label(of: number)) == number)
    }
}

@Test func theFirstDayOfTheEpochWasAThursdayAndLeapDaysKeepTheCount() {
    #expect(LocalDay(ordinal: 0).weekday == 5)
    #expect(LocalDay(year: 2026, month: 12, day: 7).weekday == 2)
    #expect(LocalDay(year: 2024, month: 2, day: 29).weekday == 5)
    #expect(LocalDay(ordinal: -1).weekday == 4)
}

@Test func aDayIsNamedByItsWeekdayDayAndMonth() {
    #expect(LocalDay(year: 2026, month: 12, day: 9).label == "Wed 9 Dec")
    #expect(LocalDay(year: 2027, month: 1, day: 1).label == "Fri 1 Jan")
}
