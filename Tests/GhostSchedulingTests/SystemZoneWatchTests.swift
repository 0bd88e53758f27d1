import CivilCalendar
import Testing
import GhostEngine
@testable import GhostScheduling

@Suite struct SystemZoneWatchTests {
    private let monday = LocalDay(year: 2026, month: 11, day: 23)
    private let rules = TravelRules()

    @Test func aZoneAwayFromTheSettledOneIsAChangeSinceTheDayItWasSeen() {
        let watch = SystemZoneWatch(settledZone: "Europe/Berlin").observing("Asia/Tokyo", today: monday, home: "Europe/Berlin", rules: rules)
        #expect(watch.change == .init(zone: "Asia/Tokyo", since: monday))
        #expect(watch.evidence == .systemZoneChange(day: monday, timeZone: "Asia/Tokyo"))
    }

    @Test func theSameForeignZoneOnLaterEveningsKeepsItsFirstDay() {
        var watch = SystemZoneWatch(settledZone: "Europe/Berlin")
        for offset in 0..<5 {
            watch = watch.observing("Asia/Tokyo", today: monday.adding(days: offset), home: "Europe/Berlin", rules: rules)
        }
        #expect(watch.change?.since == monday)
    }

    @Test func movingOnToAnotherZoneStartsANewChange() {
        let tokyo = SystemZoneWatch(settledZone: "Europe/Berlin").observing("Asia/Tokyo", today: monday, home: "Europe/Berlin", rules: rules)
        let seoul = tokyo.observing("Asia/Seoul", today: monday.adding(days: 3), home: "Europe/Berlin", rules: rules)
        #expect(seoul.change == .init(zone: "Asia/Seoul", since: monday.adding(days: 3)))
    }

    @Test func comingBackToTheSettledZoneEndsTheChange() {
        let away = SystemZoneWatch(settledZone: "Europe/Berlin").observing("Asia/Tokyo", today: monday, home: "Europe/Berlin", rules: rules)
        let back = away.observing("Europe/Berlin", today: monday.adding(days: 4), home: "Europe/Berlin", rules: rules)
        #expect(back == SystemZoneWatch(settledZone: "Europe/Berlin"))
        #expect(back.evidence == nil)
    }

    @Test func aSystemSetToTheScheduleZoneIsNotTravel() {
        let watch = SystemZoneWatch(settledZone: "Etc/UTC").observing("Europe/Berlin", today: monday, home: "Europe/Berlin", rules: rules)
        #expect(watch.change == nil)
    }

    @Test func aForeignZoneKeptForTheMaximumDaysBecomesTheSettledOne() {
        var watch = SystemZoneWatch(settledZone: "Europe/Berlin")
        for offset in 0..<rules.zoneChangeMaxDays {
            watch = watch.observing("America/New_York", today: monday.adding(days: offset), home: "Europe/Berlin", rules: rules)
        }
        #expect(watch.change?.zone == "America/New_York")
        watch = watch.observing("America/New_York", today: monday.adding(days: rules.zoneChangeMaxDays), home: "Europe/Berlin", rules: rules)
        #expect(watch == SystemZoneWatch(settledZone: "America/New_York"))
        #expect(watch.evidence == nil)
    }
}
