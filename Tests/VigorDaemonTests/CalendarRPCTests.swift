import Foundation
import TestPrograms
import Logging
import Store
import Testing
import VigorRPC

@testable import ICalendarKit
@testable import VigorDaemon
@testable import VigorConfig

private let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().appendingPathComponent("Fixtures/calendars").path

private func makeContext(sources: [CalendarSourceEntry]) throws -> LocalAPI.Context {
    var config = DaemonConfig()
    config.schedule.timezone = "Europe/Berlin"
    config.calendar.sources = sources
    return try makeTestContext(config: config, now: Date(timeIntervalSince1970: 1_795_341_600), origin: .file)
}

private func busy(_ params: String, _ context: LocalAPI.Context) async throws -> RPCResponse {
    let frame = #"{"jsonrpc":"2.0","method":"calendar.busy","params":\#(params),"id":1}"#
    let reply = try #require(await RPCDispatcher(router: LocalAPI(context).router()).reply(to: Data(frame.utf8)))
    return try JSONDecoder().decode(RPCResponse.self, from: reply)
}

private let personal = CalendarSourceEntry(name: "personal", location: .path(fixtures + "/khal-vdir/personal"))

@Test(.removesScratchFolders) func busyTimeComesFromTheConfiguredVdirInTheUsersZone() async throws {
    let response = try await busy(#"{"from":"2026-03-24","to":"2026-03-25"}"#, try makeContext(sources: [personal]))
    let result = try RPCCoding.decode(CalendarBusy.self, from: try #require(response.result))
    // The khal vdir has a dentist appointment on 24 March, 15:00-16:00 Berlin time.
    let dentist = try #require(result.intervals.first { $0.sources.contains(BusyCauseView(source: "personal", summary: "Dentist")) })
    #expect(dentist.start.description == "2026-03-24T15:00:00+01:00")
    #expect(dentist.end.description == "2026-03-24T16:00:00+01:00")
    #expect(result.from.description == "2026-03-24T00:00:00+01:00")
    #expect(result.unknownDays.isEmpty)
    #expect(result.sources.map(\.kind) == ["vdir"])
}

@Test(.removesScratchFolders) func localDateOnASpringForwardDayStartsAtThatDaysMidnight() throws {
    let berlin = try #require(TimeZone(identifier: "Europe/Berlin"))
    let midnight = try WindowBound.parse("2026-03-29", field: "from", zone: berlin)
    #expect(RPCTimestamp(midnight, in: berlin).description == "2026-03-29T00:00:00+01:00")
    let next = try WindowBound.parse("2026-03-30", field: "to", zone: berlin)
    #expect(next.timeIntervalSince(midnight) == 23 * 3600)
}

@Test(.removesScratchFolders) func failedSourceMakesItsDaysUnknownAndSaysWhy() async throws {
    let broken = CalendarSourceEntry(name: "broken", location: .path(fixtures + "/broken/truncated.ics"))
    let response = try await busy(#"{"from":"2026-03-24","to":"2026-03-26"}"#, try makeContext(sources: [personal, broken]))
    let result = try RPCCoding.decode(CalendarBusy.self, from: try #require(response.result))
    #expect(result.unknownDays == ["2026-03-24", "2026-03-25"])
    let status = try #require(result.sources.first { $0.name == "broken" })
    #expect(!status.ok)
    #expect(status.error?.contains("truncated.ics") == true)
    // The source that reads still gives its busy time: the dentist on 24 March, 15:00-16:00 Berlin time.
    let dentist = try #require(result.intervals.first { $0.sources.contains(BusyCauseView(source: "personal", summary: "Dentist")) })
    #expect(dentist.start.description == "2026-03-24T15:00:00+01:00")
    #expect(result.intervals.allSatisfy { interval in interval.sources.allSatisfy { $0.source == "personal" } })
    #expect(result.sources.first { $0.name == "personal" }?.ok == true)
}

@Test(.removesScratchFolders) func badWindowsAreInvalidParamsNamingTheField() async throws {
    let context = try makeContext(sources: [personal])
    let wrongDate = try await busy(#"{"from":"2026-02-30"}"#, context)
    #expect(wrongDate.error?.code == -32602)
    #expect(wrongDate.error?.message.contains("'from'") == true)
    let backwards = try await busy(#"{"from":"2026-03-25","to":"2026-03-24"}"#, context)
    #expect(backwards.error?.code == -32602)
    #expect(backwards.error?.message.contains("'to'") == true)
    let tooLong = try await busy(#"{"from":"2026-01-01","to":"2027-03-01"}"#, context)
    #expect(tooLong.error?.code == -32602)
}

@Test(.removesScratchFolders) func unknownSourceIsItsOwnError() async throws {
    let response = try await busy(#"{"source":"nope"}"#, try makeContext(sources: [personal]))
    #expect(response.error?.code == -32006)
}

@Test(.removesScratchFolders) func reloadWithNewSourcesRebuildsTheCalendars() async throws {
    let folder = try ScratchFolder.make("reload-cal")
    let path = folder + "/config.toml"
    try "[schedule]\ntimezone = \"Europe/Berlin\"\n".write(toFile: path, atomically: true, encoding: .utf8)
    let (config, origin) = try ConfigLoader.load(path: path, mayBeMissing: false)
    let context = try makeTestContext(config: config, now: Date(timeIntervalSince1970: 0), configPath: path, origin: origin)
    let calendars = context.calendars
    #expect(await calendars.sources().isEmpty)
    try "[schedule]\ntimezone = \"Europe/Berlin\"\n[[calendar.source]]\nname = \"personal\"\npath = \"\(fixtures)/khal-vdir/personal\"\n"
        .write(toFile: path, atomically: true, encoding: .utf8)
    #expect(await context.backend.reload(at: Date(timeIntervalSince1970: 0)).ok)
    #expect(await calendars.sources().map(\.entry.name) == ["personal"])
    // The new reader has the horizon around the reload built in the background, as a refresh would.
    await calendars.backgroundWorkFinished()
    #expect(calendars.service.chunkBuilds == PreparedHorizon.pieces(around: Date(timeIntervalSince1970: 0)).count)
}
