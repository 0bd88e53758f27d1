import CivilCalendar
import Foundation
import GhostEngine
import Testing

@testable import GhostScheduling

private let calendar = LocalCalendar(timeZone: TimeZone(identifier: "Europe/Berlin")!)

private func at(_ day: LocalDay, _ hour: Int, _ minute: Int = 0) throws -> Date {
    try calendar.date(on: day, hour: hour, minute: minute)
}

private let tuesday = LocalDay(year: 2026, month: 3, day: 3)

private func finder() throws -> SlotFinder {
    try SlotFinder(calendar: calendar, settings: TrainingSettings(sessionsPerWeek: 3, durationMinutes: 45))
}

@Test func aMeetingOverTheBlockIsAConflictNamedInTheUsersWords() throws {
    let meeting = BusyInterval(start: try at(tuesday, 7), end: try at(tuesday, 8), causes: [BusyCause(source: "work", summary: "Board meeting")])
    let cause = try finder().conflict(
        blockStart: try at(tuesday, 7), durationMinutes: 45, request: SlotRequest(firstDay: tuesday, busy: [meeting]))
    #expect(cause == "'Board meeting' (work) now covers 07:00–08:00")
}

@Test func aMeetingInsideTheBufferIsAConflictToo() throws {
    let meeting = BusyInterval(start: try at(tuesday, 7, 50), end: try at(tuesday, 9), causes: [BusyCause(source: "work", summary: "Standup")])
    let cause = try finder().conflict(
        blockStart: try at(tuesday, 7), durationMinutes: 45, request: SlotRequest(firstDay: tuesday, busy: [meeting]))
    #expect(cause == "'Standup' (work) now covers 07:50–09:00")
}

@Test func busyTimeMadeOfTwoEventsNamesBoth() throws {
    let evening = BusyInterval(start: try at(tuesday, 17, 30), end: try at(tuesday, 22), causes: [
        BusyCause(source: "personal", summary: "Birthday party"), BusyCause(source: "personal", summary: "Dinner"),
    ])
    let cause = try finder().conflict(
        blockStart: try at(tuesday, 18), durationMinutes: 45, request: SlotRequest(firstDay: tuesday, busy: [evening]))
    #expect(cause == "'Birthday party' (personal) and 'Dinner' (personal) now cover 17:30–22:00")
}

@Test func aMeetingBeyondTheBufferIsNoConflict() throws {
    let meeting = BusyInterval(start: try at(tuesday, 8, 0), end: try at(tuesday, 9), causes: [BusyCause(source: "work", summary: "Standup")])
    #expect(try finder().conflict(
        blockStart: try at(tuesday, 7), durationMinutes: 45, request: SlotRequest(firstDay: tuesday, busy: [meeting])) == nil)
}

@Test func aTravelDayAndSacredTimeAreConflictsButAnUnknownDayIsNot() throws {
    let finder = try finder()
    #expect(try finder.conflict(
        blockStart: try at(tuesday, 7), durationMinutes: 45, request: SlotRequest(firstDay: tuesday, travelDays: [tuesday]))
        == "2026-03-03 is a travel day")
    #expect(try finder.conflict(
        blockStart: try at(tuesday, 12, 15), durationMinutes: 45, request: SlotRequest(firstDay: tuesday))
        == "lunch keeps 12:00–13:00 free")
    #expect(try finder.conflict(
        blockStart: try at(tuesday, 7), durationMinutes: 45, request: SlotRequest(firstDay: tuesday, unknownDays: [tuesday])) == nil)
}
