import Foundation
import TestPrograms
import Testing

import ICalendarKit
import GhostEngine
import VigorRPC

@testable import VigorDaemon
@testable import VigorConfig

private let now = Date(timeIntervalSince1970: 1_795_341_600)

private let oneEvent = """
    BEGIN:VCALENDAR
    VERSION:2.0
    PRODID:-//test//EN
    BEGIN:VEVENT
    UID:standup@test
    DTSTAMP:20261120T090000Z
    DTSTART:20261123T090000Z
    DTEND:20261123T093000Z
    SUMMARY:Standup
    END:VEVENT
    END:VCALENDAR

    """

@Test(.removesScratchFolders) func aFailingSourceIsLoggedOnceWhenItFailsAndOnceWhenItReadsAgain() async throws {
    let folder = try ScratchFolder.make("source-log")
    let path = folder + "/work.ics"
    var config = DaemonConfig()
    config.schedule.timezone = "Europe/Berlin"
    config.calendar.sources = [CalendarSourceEntry(name: "work", location: .path(path))]
    let context = try makeTestContext(config: config, now: now)
    let log = CapturedLog()
    let failures = FailureLog(logger: log.logger)

    for _ in 0..<3 {
        CalendarRefreshService.report(await context.calendars.refresh(now: now).statuses, to: failures)
    }
    #expect(log.entries.map(\.level) == [.error])
    #expect(log.entries.first?.message.contains("reading the calendar source 'work' failed") == true)

    try oneEvent.write(toFile: path, atomically: true, encoding: .utf8)
    let refreshed = await context.calendars.refresh(now: now)
    CalendarRefreshService.report(refreshed.statuses, to: failures)
    CalendarRefreshService.report(await context.calendars.refresh(now: now).statuses, to: failures)
    #expect(log.entries.map(\.level) == [.error, .notice])
    #expect(refreshed.changed, "a file that appeared is new data, which asks for a replan")
}

@Test(.removesScratchFolders) func aRefreshThatReadsNothingNewAsksForNoReplan() async throws {
    let folder = try ScratchFolder.make("source-log")
    let path = folder + "/work.ics"
    try oneEvent.write(toFile: path, atomically: true, encoding: .utf8)
    var config = DaemonConfig()
    config.schedule.timezone = "Europe/Berlin"
    config.calendar.sources = [CalendarSourceEntry(name: "work", location: .path(path))]
    let context = try makeTestContext(config: config, now: now)
    #expect(await context.calendars.refresh(now: now).changed)
    #expect(await !context.calendars.refresh(now: now).changed)
}

@Test(.removesScratchFolders) func aSubscriptionStaleForADayCountsOnceAgainstGhostHealthAndTellsTheUserAtTwo() async throws {
    var config = DaemonConfig()
    config.schedule.timezone = "Europe/Berlin"
    let context = try makeTestContext(config: config, now: now)
    let log = CapturedLog()
    let failures = FailureLog(logger: log.logger)
    let stale = [SourceStatus(name: "club", ok: true, ageSeconds: 30 * 3600)]
    for _ in 0..<3 {
        await CalendarRefreshService.reportStale(stale, to: failures, backend: context.backend, at: now)
    }
    #expect(await context.ghost.current.ghostHealth.failures == 1)
    #expect(log.entries.map(\.level) == [.error])

    await CalendarRefreshService.reportStale([SourceStatus(name: "club", ok: true, ageSeconds: 60)], to: failures, backend: context.backend, at: now)
    await CalendarRefreshService.reportStale(stale, to: failures, backend: context.backend, at: now)
    let ghost = await context.ghost.current
    #expect(ghost.ghostHealth.mode == .degraded)
    let status = GhostStatus(ghost, now: now)
    #expect(status.ghostHealthMessage == "I'm having trouble running in the background. Things may be delayed.")
}

@Test(.removesScratchFolders) func aCalendarThatCannotBeWrittenCountsOnceAgainstGhostHealth() async throws {
    var config = DaemonConfig()
    config.schedule.timezone = "Europe/Berlin"
    let context = try makeTestContext(config: config, now: now)
    // A file where vigord's collection folder should be: every write fails until it is moved away.
    let collection = context.output.collectionPath
    try FileManager.default.createDirectory(atPath: (collection as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
    if FileManager.default.fileExists(atPath: collection) { try FileManager.default.removeItem(atPath: collection) }
    try Data("not a folder".utf8).write(to: URL(fileURLWithPath: collection))
    for _ in 0..<3 {
        await #expect(throws: (any Error).self) { try await context.backend.publish(at: now) }
    }
    #expect(await context.ghost.current.ghostHealth.failures == 1)
}
