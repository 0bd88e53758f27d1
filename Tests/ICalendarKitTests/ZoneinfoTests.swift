import Foundation
import TestPrograms
import Testing
@testable import ICalendarKit

/// The system zones as vigord reads them from /usr/share/zoneinfo (TZif transitions, then the POSIX rule).
@Suite(.removesScratchFolders) struct ZoneinfoTests {
    private func rules(_ name: String) throws -> ZoneinfoRules {
        try #require(ZoneinfoRules.load(name: name), "\(name) is not in the system zoneinfo")
    }

    @Test func tehranKeptDaylightTimeIn2018() throws {
        // libical 3.0's own reading of the same file lost Iran's 2018 DST (22 March to 22 September, +04:30).
        let tehran = try rules("Asia/Tehran")
        #expect(tehran.offset(atUTC: Int(utc("2018-03-21T20:29Z").timeIntervalSince1970)) == 12_600)
        #expect(tehran.offset(atUTC: Int(utc("2018-03-21T20:30Z").timeIntervalSince1970)) == 16_200)
        #expect(tehran.offset(atUTC: Int(utc("2018-06-01T12:00Z").timeIntervalSince1970)) == 16_200)
        #expect(tehran.offset(atUTC: Int(utc("2023-06-01T12:00Z").timeIntervalSince1970)) == 12_600) // no DST since 2023
    }

    @Test(arguments: ["Europe/Berlin", "America/New_York", "Australia/Lord_Howe", "Pacific/Chatham", "America/Nuuk",
                      "Asia/Jerusalem", "America/Santiago", "Antarctica/Troll", "America/Havana", "Pacific/Auckland"])
    func theFooterRuleAgreesWithTheTransitionsItContinues(_ zone: String) throws {
        // The files list transitions until 2037; from 2026 on they follow the footer's rule, so both readings
        // must agree hour by hour.
        let rules = try rules(zone)
        let footer = try #require(rules.footer, "\(zone) has no footer rule")
        var seconds = Int(utc("2026-01-01T00:00Z").timeIntervalSince1970)
        let end = Int(utc("2037-01-01T00:00Z").timeIntervalSince1970)
        var disagreements: [Int] = []
        while seconds < end {
            if footer.offset(atUTC: seconds) != rules.offset(atUTC: seconds) { disagreements.append(seconds) }
            seconds += 1_800
        }
        #expect(disagreements.isEmpty, "\(zone): first disagreement at \(disagreements.first.map { Date(timeIntervalSince1970: TimeInterval($0)) }?.description ?? "")")
    }

    @Test func afterTheLastTransitionTheFooterRuleGoesOn() throws {
        let berlin = try rules("Europe/Berlin")
        #expect(berlin.offset(atUTC: Int(utc("2045-07-01T12:00Z").timeIntervalSince1970)) == 7_200)
        #expect(berlin.offset(atUTC: Int(utc("2045-12-01T12:00Z").timeIntervalSince1970)) == 3_600)
        let lordHowe = try rules("Australia/Lord_Howe")
        #expect(lordHowe.offset(atUTC: Int(utc("2045-01-15T00:00Z").timeIntervalSince1970)) == 39_600) // +11:00
        #expect(lordHowe.offset(atUTC: Int(utc("2045-07-15T00:00Z").timeIntervalSince1970)) == 37_800) // +10:30
    }

    @Test func posixRulesReadOddTimesOfDay() throws {
        let chatham = try #require(PosixZoneRule("<+1245>-12:45<+1345>,M9.5.0/2:45,M4.1.0/3:45"))
        #expect(chatham.standardOffset == 45_900)
        #expect(chatham.daylight?.offset == 49_500)
        #expect(chatham.daylight?.start == PosixZoneRule.Change(day: .monthWeekDay(month: 9, week: 5, weekday: 0), time: 9_900))
        let nuuk = try #require(PosixZoneRule("<-02>2<-01>,M3.5.0/-1,M10.5.0/0"))
        #expect(nuuk.daylight?.start.time == -3_600)
        let jerusalem = try #require(PosixZoneRule("IST-2IDT,M3.4.4/26,M10.5.0"))
        #expect(jerusalem.daylight?.start.time == 93_600)
        #expect(jerusalem.daylight?.end.time == 7_200)
        #expect(PosixZoneRule("<+0330>-3:30")?.daylight == nil)
        #expect(PosixZoneRule("<+0330>-3:30")?.standardOffset == 12_600)
        #expect(PosixZoneRule("CET-1CEST,M3.5.0,M13.5.0/3") == nil)
        #expect(PosixZoneRule("") == nil)
    }

    @Test func aTZIDThatIsNotAZoneNameNeverReachesAFile() {
        #expect(ZoneinfoRules.isZoneName("America/Argentina/Buenos_Aires"))
        #expect(ZoneinfoRules.isZoneName("Etc/GMT+5"))
        #expect(!ZoneinfoRules.isZoneName("../../etc/passwd"))
        #expect(!ZoneinfoRules.isZoneName("Europe/../../etc/passwd"))
        #expect(!ZoneinfoRules.isZoneName("/etc/localtime"))
        #expect(!ZoneinfoRules.isZoneName("Europe//Berlin"))
        #expect(!ZoneinfoRules.isZoneName("W. Europe Standard Time"))
        #expect(ZoneinfoRules.load(name: "../../etc/passwd") == nil)
        #expect(ZoneResolver.builtin("../../../../etc/passwd") == nil)
    }

    @Test func aFileThatIsNotTZifIsNoZone() {
        #expect(ZoneinfoRules.parse(Data("BEGIN:VCALENDAR\r\n".utf8)) == nil)
        #expect(ZoneinfoRules.parse(Data("TZif2".utf8)) == nil)
        #expect(ZoneinfoRules.load(name: "zone.tab") == nil)
    }
}
