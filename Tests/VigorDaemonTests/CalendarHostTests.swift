import Foundation
import TestPrograms
import Testing

import GhostEngine
import VigorRPC
@testable import ICalendarKit
@testable import VigorDaemon
@testable import VigorConfig

private let personalVdir = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().appendingPathComponent("Fixtures/calendars/khal-vdir/personal").path

private func instant(_ text: String) throws -> Date {
    try #require(ISO8601DateFormatter().date(from: text))
}

private func berlinConfig() -> DaemonConfig {
    var config = DaemonConfig()
    config.schedule.timezone = "Europe/Berlin"
    config.calendar.sources = [CalendarSourceEntry(name: "personal", location: .path(personalVdir))]
    return config
}

@Test(.removesScratchFolders) func aWindowPreparedInTheBackgroundIsQueriedWithoutBuilding() async throws {
    let host = try CalendarHost(config: berlinConfig(), stateDirectory: try ScratchFolder.make("host") + "/state")
    // Chunks are 28 days from 1970-01-01: one ends 2026-07-01, the next starts 2026-07-02.
    host.prepareInBackground(from: try instant("2026-06-26T00:00:00Z"), to: try instant("2026-07-03T00:00:00Z"))
    await host.backgroundWorkFinished()
    #expect(host.service.chunkBuilds == 2)
    _ = try await host.busy(from: try instant("2026-06-26T00:00:00Z"), to: try instant("2026-07-03T00:00:00Z"), source: nil)
    #expect(host.service.chunkBuilds == 2)
}

@Test(.removesScratchFolders) func anEveningCyclePreparesTomorrowEveningsWeek() async throws {
    let now = try instant("2026-06-24T19:00:00Z")  // Wednesday 21:00 Berlin: it reads 25 June to 1 July
    let context = try makeTestContext(config: berlinConfig(), now: now)
    // A Scheduler: an Observer's evening also reads the last 90 days (its readable history), which builds chunks of its own.
    _ = try await context.ghost.perform(.manualPhaseChange(to: .scheduler), at: now)
    #expect(try await context.backend.runCycle(.evening, now: now, zone: berlinConfig().schedule.zone).ran)
    await context.calendars.backgroundWorkFinished()
    let builds = context.calendars.service.chunkBuilds
    #expect(builds == 2)  // its own week's chunk, and the next one that tomorrow's week reaches into
    // Thursday evening reads 26 June to 2 July, in Berlin time.
    _ = try await context.calendars.busy(
        from: try instant("2026-06-25T22:00:00Z"), to: try instant("2026-07-02T22:00:00Z"), source: nil)
    #expect(context.calendars.service.chunkBuilds == builds)
}

/// A host on the Berlin fixtures whose horizon around `now` is built, with the number of chunks that took.
private func hostWithPreparedHorizon(around now: Date) async throws -> (host: CalendarHost, built: Int) {
    let host = try CalendarHost(config: berlinConfig(), stateDirectory: try ScratchFolder.make("host") + "/state")
    host.keepHorizonPrepared(around: now)
    await host.backgroundWorkFinished()
    return (host, host.service.chunkBuilds)
}

@Test(.removesScratchFolders) func windowsInsideThePreparedHorizonAreQueriedWithoutBuilding() async throws {
    let now = try instant("2026-06-24T19:00:00Z")
    let (host, built) = try await hostWithPreparedHorizon(around: now)
    #expect(built == PreparedHorizon.pieces(around: now).count)
    let day: TimeInterval = 86_400
    // A week five weeks back, the next 90 days, and a 90-day window starting a month ahead.
    for (offset, length) in [(-35.0, 7.0), (0, 90), (30, 90)] {
        _ = try await host.busy(from: now + offset * day, to: now + (offset + length) * day, source: nil)
    }
    #expect(host.service.chunkBuilds == built)
    // Half a year ahead is outside: it builds its own chunks.
    _ = try await host.busy(from: now + 180 * day, to: now + 187 * day, source: nil)
    #expect(host.service.chunkBuilds > built)
}

@Test(.removesScratchFolders) func preparingTheHorizonAgainWithNothingChangedBuildsNothing() async throws {
    let now = try instant("2026-06-24T19:00:00Z")
    let (host, built) = try await hostWithPreparedHorizon(around: now)
    host.keepHorizonPrepared(around: now + 15 * 60)
    await host.backgroundWorkFinished()
    #expect(host.service.chunkBuilds == built)
}

@Test func aCalendarThatNeverLoadedIsNotCalledFresh() async throws {
    let folder = NSTemporaryDirectory() + "vigor-host-\(UUID().uuidString)"
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    let broken = folder + "/broken.ics"
    try "BEGIN:VCALENDAR\nVERSION:2.0\nBEGIN:VEVENT\nUID:x\nSUMMARY:cut off\n".write(toFile: broken, atomically: true, encoding: .utf8)
    var config = berlinConfig()
    config.calendar.sources.append(CalendarSourceEntry(name: "broken", location: .path(broken)))
    let host = try CalendarHost(config: config, stateDirectory: folder + "/state")
    let now = try instant("2026-06-24T19:00:00Z")
    await host.refresh(now: now)
    let shown = host.freshness(at: now.addingTimeInterval(60)).map(SourceFreshnessView.init)
    #expect(shown.first { $0.name == "personal" }?.freshness == "fresh")
    let failed = try #require(shown.first { $0.name == "broken" })
    #expect(!failed.ok && failed.freshness == "unknown" && failed.ageSeconds == nil)
}

@Test func aFileThatBreaksBetweenRefreshesShowsInFreshnessOnceAQueryReadsIt() async throws {
    let folder = NSTemporaryDirectory() + "vigor-host-\(UUID().uuidString)"
    let vdir = folder + "/work"
    try FileManager.default.createDirectory(atPath: vdir, withIntermediateDirectories: true)
    try "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//test//EN\r\nBEGIN:VEVENT\r\nUID:a\r\nDTSTAMP:20260601T000000Z\r\nDTSTART:20260625T090000Z\r\nDTEND:20260625T100000Z\r\nSUMMARY:Standup\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n"
        .write(toFile: vdir + "/a.ics", atomically: true, encoding: .utf8)
    var config = berlinConfig()
    config.calendar.sources = [CalendarSourceEntry(name: "work", location: .path(vdir))]
    let host = try CalendarHost(config: config, stateDirectory: folder + "/state")
    let now = try instant("2026-06-24T19:00:00Z")
    await host.refresh(now: now)
    #expect(host.freshness(at: now).first?.ok == true)
    try "BEGIN:VCALENDAR\nVERSION:2.0\nBEGIN:VEVENT\nUID:x\n".write(toFile: vdir + "/broken.ics", atomically: true, encoding: .utf8)
    let result = try await host.busy(from: now, to: now.addingTimeInterval(7 * 86_400), source: nil)
    #expect(result.sources.first?.ok == false, "the query read the broken file")
    #expect(host.freshness(at: now.addingTimeInterval(60)).first?.ok == false)
}
