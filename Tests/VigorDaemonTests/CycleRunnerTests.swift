import CivilCalendar
import ICalendarKit
import Foundation
import TestPrograms
import GhostEngine
import Logging
import Store
import Synchronization
import Testing

@testable import VigorDaemon
@testable import VigorConfig

private let berlin = TimeZone(identifier: "Europe/Berlin")!

private struct Setup {
    let runner: GhostBackend
    let ghost: GhostHost
    let database: AppDatabase
}

private func setup(sources: [CalendarSourceEntry] = [], start: Date) throws -> Setup {
    var config = DaemonConfig()
    config.schedule.timezone = "Europe/Berlin"
    config.calendar.sources = sources
    let context = try makeTestContext(config: config, now: start)
    return Setup(runner: context.backend, ghost: context.ghost, database: context.database)
}

/// Training every day: the week's plan always includes tomorrow, so a test can look at where it goes.
private let daily: DaemonConfig.TrainingSection = {
    var training = DaemonConfig.TrainingSection()
    training.sessionsPerWeek = 7
    return training
}()

private func instant(_ text: String) throws -> Date {
    try #require(ISO8601DateFormatter().date(from: text))
}

@Test(.removesScratchFolders) func aCycleRunsOncePerLocalDate() async throws {
    let start = try instant("2026-11-23T05:00:00Z")
    let setup = try setup(start: start)
    let first = try await setup.runner.runCycle(.morning, now: start, zone: berlin)
    #expect(first.ran)
    #expect(first.localDate.description == "2026-11-23")
    let before = try setup.database.ghostState(as: Ghost.self)
    let second = try await setup.runner.runCycle(.morning, now: start.addingTimeInterval(3600), zone: berlin)
    #expect(!second.ran)
    #expect(try setup.database.ghostState(as: Ghost.self) == before)
}

@Test(.removesScratchFolders) func morningClosesEveryDaySinceTheLastMorning() async throws {
    let start = try instant("2026-11-20T05:00:00Z")
    let setup = try setup(start: start)
    _ = try await setup.runner.runCycle(.morning, now: start, zone: berlin)
    let later = try await setup.runner.runCycle(.morning, now: try instant("2026-11-23T05:00:00Z"), zone: berlin)
    #expect(later.summary.hasPrefix("closed 3 day(s) up to 2026-11-22; "))
    #expect(await setup.ghost.current.health.recentDays.map(\.day.description) == ["2026-11-20", "2026-11-21", "2026-11-22"])
}

@Test(.removesScratchFolders) func eveningWithAFailedSourceCountsAgainstGhostHealth() async throws {
    let start = try instant("2026-11-23T20:00:00Z")
    let missing = CalendarSourceEntry(name: "gone", location: .path("/nonexistent/calendar.ics"))
    let setup = try setup(sources: [missing], start: start)
    let outcome = try await setup.runner.runCycle(.evening, now: start, zone: berlin)
    #expect(outcome.summary.contains("failed sources: gone"))
    #expect(await setup.ghost.current.ghostHealth.failures == 1)
}

@Test(.removesScratchFolders) func morningAndEveningOfTheSameDayAreSeparateRuns() async throws {
    let start = try instant("2026-11-23T05:00:00Z")
    let setup = try setup(start: start)
    #expect(try await setup.runner.runCycle(.morning, now: start, zone: berlin).ran)
    #expect(try await setup.runner.runCycle(.evening, now: start.addingTimeInterval(15 * 3600), zone: berlin).ran)
    #expect(try setup.database.cycleRuns(onOrAfter: LocalDay(year: 2026, month: 11, day: 23)).map(\.kind) == [.evening, .morning])
}

private func writeCalendar(_ events: String) throws -> String {
    let path = try ScratchFolder.make("cycle") + "/cycle.ics"
    let text = "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//test//EN\r\n" + events + "END:VCALENDAR\r\n"
    try text.write(toFile: path, atomically: true, encoding: .utf8)
    return path
}

@Test(.removesScratchFolders) func eveningProposesTomorrowInThePreferredWindowAsScheduler() async throws {
    let now = try instant("2026-11-23T20:00:00Z")  // Monday 21:00 Berlin; tomorrow is a Tuesday
    let setup = try setup(start: now)
    _ = try await setup.ghost.perform(.manualPhaseChange(to: .scheduler), at: now)
    let outcome = try await setup.runner.runCycle(.evening, now: now, zone: berlin)
    #expect(outcome.summary.contains("proposed tomorrow at 07:00"))
    let proposals = await setup.ghost.current.blocks.filter { $0.status == .proposed }
    #expect(proposals.map(\.start) == [try instant("2026-11-24T06:00:00Z")])
}

@Test(.removesScratchFolders) func anObserversEveningSaysItPlacedNothingAndOnlyLearns() async throws {
    let now = try instant("2026-11-23T20:00:00Z")  // Monday 21:00 Berlin; a new Ghost is an Observer
    let setup = try setup(start: now)
    let outcome = try await setup.runner.runCycle(.evening, now: now, zone: berlin)
    #expect(await setup.ghost.current.blocks.isEmpty)
    #expect(!outcome.summary.contains("placed tomorrow"))
    #expect(outcome.summary.hasSuffix("placed nothing: as Observer I only learn"))
    let mark = try setup.database.cycleRuns(onOrAfter: LocalDay(year: 2026, month: 11, day: 23)).first { $0.kind == .evening }
    #expect(mark?.summary == outcome.summary)
}

@Test(.removesScratchFolders) func eveningPlacesAroundTomorrowsMeetingAndItsBuffer() async throws {
    let now = try instant("2026-11-23T20:00:00Z")
    let meeting = try writeCalendar(
        "BEGIN:VEVENT\r\nUID:m1\r\nDTSTAMP:20261101T000000Z\r\nDTSTART;TZID=Europe/Berlin:20261124T063000\r\n"
            + "DTEND;TZID=Europe/Berlin:20261124T080000\r\nSUMMARY:Early call\r\nEND:VEVENT\r\n")
    let setup = try setup(sources: [CalendarSourceEntry(name: "work", location: .path(meeting))], start: now)
    _ = try await setup.ghost.perform(.manualPhaseChange(to: .scheduler), at: now)
    _ = try await setup.runner.runCycle(.evening, now: now, zone: berlin, training: daily)
    let block = try #require(await setup.ghost.current.blocks.first { $0.status == .proposed })
    // The call ends 08:00 Berlin (07:00Z); with the 10-minute buffer nothing may start before 08:10.
    #expect(block.start >= (try instant("2026-11-24T07:10:00Z")))
}

@Test(.removesScratchFolders) func observerLearnsButPlacesNothing() async throws {
    let now = try instant("2026-11-23T20:00:00Z")
    let setup = try setup(start: now)
    _ = try await setup.runner.runCycle(.evening, now: now, zone: berlin)
    #expect(await setup.ghost.current.blocks.filter { [.proposed, .scheduled].contains($0.status) }.isEmpty)
}

@Test(.removesScratchFolders) func recoveryTimeRunningIntoTomorrowLeavesTomorrowEmpty() async throws {
    let now = try instant("2026-11-23T20:00:00Z")  // 21:00 in Berlin
    let setup = try setup(start: now)
    _ = try await setup.ghost.perform(.manualPhaseChange(to: .scheduler), at: now)
    // Until 01:00 Berlin: past midnight.
    #expect(await setup.ghost.pressRedButton(startedAt: now.addingTimeInterval(-60), endsAt: now.addingTimeInterval(4 * 3600), reason: "test").notRecorded == nil)
    let outcome = try await setup.runner.runCycle(.evening, now: now, zone: berlin)
    #expect(outcome.summary.contains("recovery time runs into tomorrow"))
    #expect(await setup.ghost.current.blocks.isEmpty)
}

@Test(.removesScratchFolders) func recoveryTimeEndingTonightStillPlansTomorrow() async throws {
    let now = try instant("2026-11-23T20:00:00Z")
    let setup = try setup(start: now)
    _ = try await setup.ghost.perform(.manualPhaseChange(to: .scheduler), at: now)
    #expect(await setup.ghost.pressRedButton(startedAt: now.addingTimeInterval(-60), endsAt: now.addingTimeInterval(900), reason: "test").notRecorded == nil)
    let outcome = try await setup.runner.runCycle(.evening, now: now, zone: berlin)
    #expect(!outcome.summary.contains("recovery time"))
    #expect(await setup.ghost.current.blocks.count == 1)
}

@Test(.removesScratchFolders) func noBlockIsPlacedOnATravelDay() async throws {
    let now = try instant("2026-11-23T20:00:00Z")
    let setup = try setup(start: now)
    _ = try await setup.ghost.perform(.manualPhaseChange(to: .scheduler), at: now)
    let tomorrow = LocalDay(year: 2026, month: 11, day: 24)
    try await setup.ghost.recordTravel(from: tomorrow, to: tomorrow.adding(days: 2), at: now)
    let outcome = try await setup.runner.runCycle(.evening, now: now, zone: berlin)
    #expect(outcome.summary.contains("no block tomorrow"))
    #expect(await setup.ghost.current.blocks.isEmpty)
}

@Test(.removesScratchFolders) func eveningReceiptCarriesTomorrowsSkipRiskAndItsFactors() async throws {
    let now = try instant("2026-11-23T20:00:00Z")  // Monday 21:00 Berlin
    let meetings = try writeCalendar(
        "BEGIN:VEVENT\r\nUID:m1\r\nDTSTAMP:20261101T000000Z\r\nDTSTART;TZID=Europe/Berlin:20261124T090000\r\n"
            + "DTEND;TZID=Europe/Berlin:20261124T170000\r\nSUMMARY:Offsite\r\nEND:VEVENT\r\n")
    let setup = try setup(sources: [CalendarSourceEntry(name: "work", location: .path(meetings))], start: now)
    _ = try await setup.ghost.perform(.manualPhaseChange(to: .scheduler), at: now)
    let outcome = try await setup.runner.runCycle(.evening, now: now, zone: berlin, training: daily)
    #expect(outcome.summary.contains(" chance you skip it"))
    let stored = try setup.database.receipts(from: now.addingTimeInterval(-60), to: now.addingTimeInterval(60))
    let receipts = try stored.map { try JSONDecoder().decode(DecisionReceipt.self, from: $0.body) }
    let proposal = try #require(receipts.first { $0.action == .proposed })
    let inputs = Dictionary(proposal.inputs.map { ($0.name, $0.value) }, uniquingKeysWith: { first, _ in first })
    // Eight hours of meetings, five above the typical three: +0.25 log-odds each.
    #expect(inputs["meetingDensity"] == "8.000 (+1.250)")
    #expect(inputs["slotHistory"] != nil)
    #expect(inputs["slotScore"] != nil)
    let probability = try #require(inputs["skipProbability"].flatMap(Double.init))
    #expect(probability > 0.5, "a day full of meetings is a likely skip")
}

@Test(.removesScratchFolders) func anAllDayFlightTomorrowMakesItATravelDay() async throws {
    let now = try instant("2026-11-23T20:00:00Z")  // Monday 21:00 Berlin
    let trip = try writeCalendar(
        "BEGIN:VEVENT\r\nUID:f1\r\nDTSTAMP:20261101T000000Z\r\nDTSTART;VALUE=DATE:20261124\r\n"
            + "DTEND;VALUE=DATE:20261125\r\nSUMMARY:Flight to New York\r\nEND:VEVENT\r\n")
    let setup = try setup(sources: [CalendarSourceEntry(name: "personal", location: .path(trip))], start: now)
    _ = try await setup.ghost.perform(.manualPhaseChange(to: .scheduler), at: now)
    let outcome = try await setup.runner.runCycle(.evening, now: now, zone: berlin, training: daily)
    #expect(outcome.summary.contains(#"travel: 2026-11-24 (all-day event "Flight to New York")"#))
    #expect(outcome.summary.contains("no block tomorrow"))
}

/// A system zone that reads `zones` in turn (the last one from then on).
private final class SystemZoneSequence: Sendable {
    private let state: Mutex<[String]>
    init(_ zones: [String]) { state = Mutex(zones) }
    func next() -> String? {
        state.withLock { zones in zones.count > 1 ? zones.removeFirst() : zones.first }
    }
}

private func runner(_ context: LocalAPI.Context, zones: [String]) -> GhostBackend {
    let sequence = SystemZoneSequence(zones)
    return context.backend(cycles: CycleRunner(
        ghost: context.ghost, calendars: context.calendars, database: context.database, output: context.output,
        logger: Logger(label: "test"), systemZone: { sequence.next() }))
}

@Test(.removesScratchFolders) func aSystemZoneChangeFarFromHomeMakesTheComingDaysTravelDays() async throws {
    let now = try instant("2026-11-23T20:00:00Z")
    var config = DaemonConfig()
    config.schedule.timezone = "Europe/Berlin"
    let context = try makeTestContext(config: config, now: now)
    let abroad = runner(context, zones: ["Europe/Berlin", "Asia/Tokyo"])
    _ = try await context.ghost.perform(.manualPhaseChange(to: .scheduler), at: now)
    let outcome = try await abroad.runCycle(.evening, now: now, zone: berlin, training: daily)
    #expect(outcome.summary.contains("2026-11-24 (system time zone changed to Asia/Tokyo)"))
    #expect(outcome.summary.contains("no block tomorrow"))
    #expect(await context.ghost.current.blocks.isEmpty)
}

@Test(.removesScratchFolders) func aSystemZoneThatWasAlreadySetAtStartIsNotTravel() async throws {
    let now = try instant("2026-11-23T20:00:00Z")
    var config = DaemonConfig()
    config.schedule.timezone = "Europe/Berlin"
    let context = try makeTestContext(config: config, now: now)
    let server = runner(context, zones: ["Etc/UTC"])
    _ = try await context.ghost.perform(.manualPhaseChange(to: .scheduler), at: now)
    let outcome = try await server.runCycle(.evening, now: now, zone: berlin, training: daily)
    #expect(!outcome.summary.contains("travel"))
    #expect(outcome.summary.contains("proposed tomorrow"))
}

@Test(.removesScratchFolders) func aRestartWhileAbroadStillSeesTheSystemZoneChange() async throws {
    let now = try instant("2026-11-23T20:00:00Z")
    var config = DaemonConfig()
    config.schedule.timezone = "Europe/Berlin"
    let context = try makeTestContext(config: config, now: now)
    await runner(context, zones: ["Europe/Berlin"]).settleSystemZone(at: now.addingTimeInterval(-86_400))
    // vigord starts again with the laptop in Tokyo: the zone it starts with is not the settled one.
    let restarted = runner(context, zones: ["Asia/Tokyo"])
    await restarted.settleSystemZone(at: now)
    _ = try await context.ghost.perform(.manualPhaseChange(to: .scheduler), at: now)
    let outcome = try await restarted.runCycle(.evening, now: now, zone: berlin, training: daily)
    #expect(outcome.summary.contains("2026-11-24 (system time zone changed to Asia/Tokyo)"))
    #expect(try context.database.systemZone()?.settledZone == "Europe/Berlin")
    #expect(try context.database.systemZone()?.changedOn == "2026-11-23")
}

@Test(.removesScratchFolders) func theSystemZoneChangeKeepsTheDayItWasFirstSeenAcrossRestarts() async throws {
    let monday = try instant("2026-11-23T20:00:00Z")
    var config = DaemonConfig()
    config.schedule.timezone = "Europe/Berlin"
    let context = try makeTestContext(config: config, now: monday)
    _ = try await runner(context, zones: ["Europe/Berlin", "Asia/Tokyo"]).runCycle(.evening, now: monday, zone: berlin, training: daily)
    let wednesday = monday.addingTimeInterval(2 * 86_400)
    let outcome = try await runner(context, zones: ["Asia/Tokyo"]).runCycle(.evening, now: wednesday, zone: berlin, training: daily)
    // The change began on Monday, so Thursday is still within its 14 days, and it names Monday's change.
    #expect(outcome.summary.contains("2026-11-26 (system time zone changed to Asia/Tokyo)"))
    #expect(try context.database.systemZone()?.changedOn == "2026-11-23")
}

private let appleWorkPlaces = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().appendingPathComponent("Fixtures/calendars/apple/Work-places.ics").path

@Test(.removesScratchFolders) func anEventInAnotherCityMakesItsDayATravelDay() async throws {
    let now = try instant("2026-11-30T20:00:00Z")  // Monday 21:00 in Berlin: the evening plans 1 to 7 December
    var config = DaemonConfig()
    config.schedule.timezone = "Europe/Berlin"
    config.schedule.home = GeoPosition(latitude: 52.52, longitude: 13.405)
    config.calendar.sources = [CalendarSourceEntry(name: "work", location: .path(appleWorkPlaces))]
    let context = try makeTestContext(config: config, now: now)
    _ = try await context.ghost.perform(.manualPhaseChange(to: .scheduler), at: now)
    let outcome = try await context.backend.runCycle(.evening, now: now, zone: berlin, training: daily, home: config.schedule.home)
    // Messe München lies 502 km from Berlin; the dinner at Markthalle Neun, 3 km away, is a commute.
    #expect(outcome.summary.contains("travel: 2026-12-01 (event 502 km from home)"))
    #expect(!outcome.summary.contains("2026-12-02 ("))
    #expect(outcome.summary.contains("no block tomorrow"))
}

/// A night of sleep ending at `end`, as an import would store it.
private func night(ending end: Date) -> HealthSample {
    HealthSample(kind: .sleep, source: "Mi Band", start: end.addingTimeInterval(-7 * 3600), end: end, value: 420, detail: "core")
}

@Test(.removesScratchFolders) func healthDataThatStoppedComingTwoDaysAgoCountsAgainstGhostHealth() async throws {
    let start = try instant("2026-11-23T05:00:00Z")
    let setup = try setup(start: start)
    _ = try setup.database.insertHealthSamples([night(ending: start.addingTimeInterval(-49 * 3600))])
    let outcome = try await setup.runner.runCycle(.morning, now: start, zone: berlin)
    #expect(outcome.summary.contains("the newest health data is 49 hours old"))
    #expect(await setup.ghost.current.ghostHealth.failures == 1)
}

@Test(.removesScratchFolders) func onTheTwentyThreeHourDayEachCycleRunsOnceForItsLocalDate() async throws {
    // Sunday 2027-03-28, Berlin: 02:00 CET jumps to 03:00 CEST, the day has 23 hours.
    let setup = try setup(start: try instant("2027-03-27T23:30:00Z"))
    let justAfterMidnight = try await setup.runner.runCycle(.morning, now: try instant("2027-03-27T23:30:00Z"), zone: berlin)  // 00:30 CET
    #expect(justAfterMidnight.ran && justAfterMidnight.localDate.description == "2027-03-28")
    let lateThatDay = try await setup.runner.runCycle(.morning, now: try instant("2027-03-28T21:30:00Z"), zone: berlin)  // 23:30 CEST
    #expect(!lateThatDay.ran)
    let nextDay = try await setup.runner.runCycle(.morning, now: try instant("2027-03-28T22:30:00Z"), zone: berlin)  // Mon 00:30 CEST
    #expect(nextDay.ran && nextDay.localDate.description == "2027-03-29")
}

@Test(.removesScratchFolders) func onTheTwentyFiveHourDayEachCycleRunsOnceForItsLocalDate() async throws {
    // Sunday 2026-10-25, Berlin: 03:00 CEST falls back to 02:00 CET, the day has 25 hours.
    let setup = try setup(start: try instant("2026-10-24T22:30:00Z"))
    let justAfterMidnight = try await setup.runner.runCycle(.evening, now: try instant("2026-10-24T22:30:00Z"), zone: berlin)  // 00:30 CEST
    #expect(justAfterMidnight.ran && justAfterMidnight.localDate.description == "2026-10-25")
    let lateThatDay = try await setup.runner.runCycle(.evening, now: try instant("2026-10-25T22:30:00Z"), zone: berlin)  // 23:30 CET
    #expect(!lateThatDay.ran)
    let nextDay = try await setup.runner.runCycle(.evening, now: try instant("2026-10-25T23:30:00Z"), zone: berlin)  // Mon 00:30 CET
    #expect(nextDay.ran && nextDay.localDate.description == "2026-10-26")
}
