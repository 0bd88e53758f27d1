import CivilCalendar
import Foundation
import GRDB
import TestPrograms
import Testing

@testable import Store

/// Days, feelings, health kinds and cycle kinds are column values of their own types: stored as the same text as
/// before, read back typed, and a text that is none of them is an error, never a silent default.
@Suite(.removesScratchFolders)
struct VocabularyColumnTests {
    private let morning = Date(timeIntervalSince1970: 1_795_500_000)
    private let day = LocalDay(year: 2026, month: 11, day: 24)

    @Test func aCheckInKeepsItsDayAndFeelingAsTheTextTheyWereStoredAs() throws {
        let database = try AppDatabase.inMemory()
        _ = try database.saveCheckIn(CheckIn(localDate: day, sleptMinutes: 420, felt: .tired, recordedAt: morning))
        let row = try database.read("read the raw row") { db in try Row.fetchOne(db, sql: "SELECT localDate, felt FROM checkIn") }
        #expect(row?["localDate"] == "2026-11-24" && row?["felt"] == "tired")
        #expect(try database.checkIns(from: day, through: day).map(\.felt) == [.tired])
        #expect(try database.checkIns(from: day.adding(days: 1), through: day.adding(days: 9)).isEmpty)
    }

    @Test func aStoredFeelingThatIsNotOneOfTheWordsIsAnErrorOnRead() throws {
        let database = try AppDatabase.inMemory()
        try database.write("plant a bad row") { db in
            try db.execute(
                sql: "INSERT INTO checkIn (localDate, sleptMinutes, felt, recordedAt) VALUES ('2026-11-24', NULL, 'great', ?)",
                arguments: [morning])
        }
        #expect(throws: StoreError.self) { try database.checkIns(from: day, through: day) }
    }

    @Test func cycleRunsAndSamplesReadBackTheirKinds() throws {
        let database = try AppDatabase.inMemory()
        try database.recordDecision(
            state: Data("{}".utf8), receipts: [], at: morning,
            cycle: CycleRun(kind: .weekly, localDate: day, ranAt: morning, summary: "s"))
        #expect(try database.lastCycleRun(kind: .weekly)?.localDate == day)
        #expect(try database.lastCycleRun(kind: .morning) == nil)
        _ = try database.insertHealthSamples([HealthSample(kind: .hrv, source: "watch", start: morning, end: morning, value: 60)])
        #expect(try database.newestHealthSample(kinds: HealthKind.allCases, endingBy: morning)?.kind == .hrv)
    }

    @Test func travelDaysAndWeekStartsAnEarlierVigordStoredAsTextReadBackAsDays() throws {
        let database = try AppDatabase.inMemory()
        try database.write("store the rows as an earlier vigord did") { db in
            try db.execute(
                sql: "INSERT INTO travelRange (firstDay, lastDay, setAt) VALUES ('2026-11-24', '2026-11-27', ?)", arguments: [morning])
            try db.execute(
                sql: "INSERT INTO weeklyReceipt (weekStart, builtAt, body) VALUES ('2026-11-23', ?, ?)",
                arguments: [morning, Data("{}".utf8)])
        }
        let travel = try database.travel(endingOnOrAfter: day.adding(days: 3))
        #expect(travel.map(\.firstDay) == [day] && travel.map(\.lastDay) == [day.adding(days: 3)])
        #expect(try database.travel(endingOnOrAfter: day.adding(days: 4)).isEmpty)
        #expect(try database.weeklyReceipt(onOrBefore: day.adding(days: 5))?.weekStart == day.adding(days: -1))
        #expect(try database.weeklyReceipt(onOrBefore: day.adding(days: -2)) == nil)
    }

    @Test func aTravelRangeWrittenNowIsStoredAsTheSameText() throws {
        let database = try AppDatabase.inMemory()
        _ = try database.recordTravel(firstDay: day, lastDay: day.adding(days: 1), at: morning)
        let row = try database.read("read the raw row") { db in try Row.fetchOne(db, sql: "SELECT firstDay, lastDay FROM travelRange") }
        #expect(row?["firstDay"] == "2026-11-24" && row?["lastDay"] == "2026-11-25")
    }

    @Test func aStoredTravelDayThatIsNoDayIsAnErrorOnRead() throws {
        let database = try AppDatabase.inMemory()
        try database.write("plant a bad row") { db in
            try db.execute(
                sql: "INSERT INTO travelRange (firstDay, lastDay, setAt) VALUES ('next week', '2026-11-27', ?)", arguments: [morning])
        }
        #expect(throws: StoreError.self) { try database.travel(endingOnOrAfter: day) }
    }
}
