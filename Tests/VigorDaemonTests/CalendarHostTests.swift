import Foundation
import Testing

@testable import Calendar
@testable import VigorDaemon

private let personalVdir = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().appendingPathComponent("Fixtures/calendars/khal-vdir/personal").path

private func instant(_ text: String) throws -> Date {
    try #require(ISO8601DateFormatter().date(from: text))
}

@Test func afterABusyQueryTheFollowingWindowIsPreparedInTheBackground() async throws {
    var config = DaemonConfig()
    config.schedule.timezone = "Europe/Berlin"
    config.calendar.sources = [CalendarSourceEntry(name: "personal", location: .path(personalVdir))]
    let host = try CalendarHost(config: config, stateDirectory: NSTemporaryDirectory() + "vigor-host-\(UUID().uuidString)")
    // Chunks are 28 days from 1970-01-01: one ends 2026-07-01, the next starts 2026-07-02.
    _ = try await host.busy(from: try instant("2026-06-25T00:00:00Z"), to: try instant("2026-07-02T00:00:00Z"), source: nil)
    await host.backgroundWorkFinished()
    let builds = host.service.chunkBuilds
    #expect(builds == 2)
    _ = try await host.busy(from: try instant("2026-06-26T00:00:00Z"), to: try instant("2026-07-03T00:00:00Z"), source: nil)
    #expect(host.service.chunkBuilds == builds)
}
