import CivilCalendar
import Foundation
import GhostEngine
import Testing
import GhostScheduling

@Suite struct TravelDetectorTests {
    private func days(_ evidence: [TravelEvidence], rules: TravelRules = TravelRules()) throws -> [LocalDay] {
        try TravelDetector.travelDays(from: evidence, home: Week.berlin, rules: rules).map(\.day)
    }

    @Test func allDayFlightOrTravelEventIsATravelDay() throws {
        let found = try TravelDetector.travelDays(
            from: [
                .allDayEvent(day: Week.monday, title: "Flight LH400", category: ""),
                .allDayEvent(day: Week.monday.adding(days: 1), title: "Lisbon", category: "Travel"),
                .allDayEvent(day: Week.monday.adding(days: 2), title: "Team offsite", category: "work"),
            ], home: Week.berlin, rules: TravelRules())
        #expect(found == [
            TravelDay(day: Week.monday, reasons: ["all-day event \"Flight LH400\""]),
            TravelDay(day: Week.monday.adding(days: 1), reasons: ["all-day event \"Lisbon\""]),
        ])
    }

    @Test func keywordsMatchAnyCaseInsideWordsAndBeyondASCII() throws {
        var rules = TravelRules()
        rules.keywords = ["Reise", "überfahrt"]
        let found = try days([
            .timedEvent(start: try Week.at(0, 8), title: "DIENSTREISE Hamburg", category: ""),
            .timedEvent(start: try Week.at(1, 8), title: "Fähre", category: "ÜBERFAHRT"),
            .timedEvent(start: try Week.at(2, 8), title: "Reis kochen", category: "Küche"),
        ], rules: rules)
        #expect(found == [Week.monday, Week.monday.adding(days: 1)])
    }

    @Test func eventInAFarZoneIsATravelDayFromThreeHours() throws {
        let start = try Week.at(0, 10)
        // In March Berlin is UTC+1: Tokyo +9 is 8 h away, Dubai +4 exactly 3 h, Moscow +3 only 2 h.
        #expect(try days([.eventInZone(start: start, timeZone: "Asia/Tokyo")]) == [Week.monday])
        #expect(try days([.eventInZone(start: start, timeZone: "Asia/Dubai")]) == [Week.monday])
        #expect(try days([.eventInZone(start: start, timeZone: "Europe/Moscow")]).isEmpty)
    }

    @Test func oneFarEventAmongADayOfHomeEventsIsNotTravel() throws {
        let evidence: [TravelEvidence] = [
            .eventInZone(start: try Week.at(0, 9), timeZone: "Europe/Berlin"),
            .eventInZone(start: try Week.at(0, 11), timeZone: "Europe/Berlin"),
            .eventInZone(start: try Week.at(0, 18), timeZone: "America/New_York"),
        ]
        #expect(try days(evidence).isEmpty)
        #expect(try days(evidence.dropFirst(2) + [.eventInZone(start: try Week.at(0, 20), timeZone: "America/New_York")]) == [Week.monday])
    }

    @Test func aDayMostlyInOneFarZoneIsTravelWithItsEventsCountedOnce() throws {
        let found = try TravelDetector.travelDays(
            from: [
                .eventInZone(start: try Week.at(0, 2), timeZone: "Asia/Tokyo"),
                .eventInZone(start: try Week.at(0, 4), timeZone: "Asia/Tokyo"),
                .eventInZone(start: try Week.at(0, 6), timeZone: "Asia/Seoul"),
                .eventInZone(start: try Week.at(0, 9), timeZone: "Europe/Berlin"),
            ], home: Week.berlin, rules: TravelRules())
        #expect(found == [TravelDay(day: Week.monday, reasons: [
            "2× event in Asia/Tokyo, 8 h from home", "event in Asia/Seoul, 8 h from home",
        ])])
    }

    @Test func farEventsThatDisagreeOnWhereYouAreAreNotTravel() throws {
        // New York and Tokyo on one day: other people's calendars, not a trip.
        let found = try days([
            .eventInZone(start: try Week.at(0, 15), timeZone: "America/New_York"),
            .eventInZone(start: try Week.at(0, 16), timeZone: "America/New_York"),
            .eventInZone(start: try Week.at(0, 2), timeZone: "Asia/Tokyo"),
        ])
        #expect(found.isEmpty)
    }

    @Test func eachFarEndOfAnEventAcrossZonesIsTravel() throws {
        let found = try TravelDetector.travelDays(
            from: [
                .eventAcrossZones(
                    start: try Week.at(0, 10), startOffsetSeconds: 3600, startZoneName: "Europe/Berlin",
                    end: try Week.at(1, 4), endOffsetSeconds: 9 * 3600, endZoneName: "Asia/Tokyo"),
                .eventInZone(start: try Week.at(1, 9), timeZone: "Europe/Berlin"),
                .eventInZone(start: try Week.at(1, 10), timeZone: "Europe/Berlin"),
            ], home: Week.berlin, rules: TravelRules())
        #expect(found == [TravelDay(day: Week.monday.adding(days: 1), reasons: ["an event that crosses zones in Asia/Tokyo, 8 h from home"])])
    }

    @Test func systemZoneChangeMarksDaysUntilTheChangeBack() throws {
        let away = Week.monday.adding(days: 1)
        let found = try days([
            .systemZoneChange(day: away, timeZone: "America/New_York"),
            .systemZoneChange(day: away.adding(days: 3), timeZone: "Europe/Berlin"),
        ])
        #expect(found == [away, away.adding(days: 1), away.adding(days: 2)])
    }

    @Test func systemZoneChangeWithoutReturnStopsAtTheLimit() throws {
        let found = try days([.systemZoneChange(day: Week.monday, timeZone: "Asia/Tokyo")])
        #expect(found.count == 14)
        #expect(found.last == Week.monday.adding(days: 13))
    }

    @Test func manualRangeIsInclusive() throws {
        let found = try days([.manualRange(from: Week.monday, to: Week.monday.adding(days: 2))])
        #expect(found == [Week.monday, Week.monday.adding(days: 1), Week.monday.adding(days: 2)])
    }

    @Test func reasonsAccumulatePerDay() throws {
        let found = try TravelDetector.travelDays(
            from: [.manualRange(from: Week.monday, to: Week.monday), .allDayEvent(day: Week.monday, title: "Trip", category: "")],
            home: Week.berlin, rules: TravelRules())
        #expect(found.first?.reasons == ["marked as travel by you", "all-day event \"Trip\""])
    }

    @Test func backwardsRangeAndUnknownZoneAreErrors() throws {
        #expect(throws: SchedulingError.self) {
            try days([.manualRange(from: Week.monday.adding(days: 1), to: Week.monday)])
        }
        #expect(throws: SchedulingError.calendar(.unknownTimeZone("Mars/Olympus"))) {
            try days([.eventInZone(start: Date(timeIntervalSince1970: 0), timeZone: "Mars/Olympus")])
        }
    }

    @Test func travelDaysFeedTheSlotFinder() throws {
        let travel = try days([.allDayEvent(day: Week.monday, title: "Flight", category: "")])
        let plan = try Week.finder().planWeek(SlotRequest(firstDay: Week.monday, days: 1, travelDays: travel))
        #expect(plan.blocks.isEmpty)
        #expect(plan.skippedDays == [SkippedDay(day: Week.monday, reason: .travelDay)])
    }
}

@Suite struct TravelDistanceTests {
    @Test func eventFromOneHundredFiftyKilometresAwayIsATravelDay() throws {
        let start = try Week.at(0, 10)
        let near = try TravelDetector.travelDays(
            from: [.eventAtDistance(start: start, distanceKilometres: 149.9)], home: Week.berlin, rules: TravelRules())
        let far = try TravelDetector.travelDays(
            from: [.eventAtDistance(start: start, distanceKilometres: 150)], home: Week.berlin, rules: TravelRules())
        #expect(near.isEmpty)
        #expect(far == [TravelDay(day: Week.monday, reasons: ["event 150 km from home"])])
    }
}
