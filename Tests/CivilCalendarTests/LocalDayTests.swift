import CivilCalendar
import Foundation
import Testing

@Test func aLocalDayCountsDaysAsItsCivilDateDoes() {
    for ordinal in stride(from: -800_000, through: 800_000, by: 997) {
        let day = LocalDay(ordinal: ordinal)
        #expect(day.ordinal == ordinal)
        #expect(day.civilDate == CivilDate(daysSinceEpoch: ordinal))
        #expect(LocalDay(day.civilDate) == day)
    }
    #expect(LocalDay(year: 2024, month: 2, day: 28).adding(days: 1) == LocalDay(year: 2024, month: 2, day: 29))
    #expect(LocalDay(year: 2026, month: 3, day: 29).days(until: LocalDay(year: 2026, month: 10, day: 25)) == 210)
}

@Test func onlyARealDateInISOFormReadsAsALocalDay() {
    #expect(LocalDay(iso: "2026-11-27") == LocalDay(year: 2026, month: 11, day: 27))
    #expect(LocalDay(iso: "2024-02-29")?.description == "2024-02-29")
    #expect(LocalDay(iso: "2026-02-29") == nil)
    #expect(LocalDay(iso: "2026-13-01") == nil)
    #expect(LocalDay(iso: "2026-1-01") == nil)
    #expect(LocalDay(iso: "26-11-27") == nil)
}

@Test func aLocalDayKeepsItsStoredJSONShape() throws {
    let day = LocalDay(year: 2026, month: 3, day: 9)
    let data = try JSONEncoder().encode(day)
    let object = try JSONSerialization.jsonObject(with: data) as? [String: Int]
    #expect(object == ["year": 2026, "month": 3, "day": 9])
    #expect(try JSONDecoder().decode(LocalDay.self, from: data) == day)
}
