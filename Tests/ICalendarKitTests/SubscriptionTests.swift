import Foundation
import TestPrograms
import Testing
@testable import ICalendarKit

/// A python http.server on 127.0.0.1 with ETag/If-None-Match support and a request log.
final class LocalCalendarServer {
    private let server: ReadyTool
    let port: Int

    static let script = #"""
    import http.server, json, sys
    BODY = open(sys.argv[1], 'rb').read()
    LOG = []
    class Handler(http.server.BaseHTTPRequestHandler):
        def log_message(self, *args):
            pass
        def do_GET(self):
            if self.path == '/log':
                data = json.dumps(LOG).encode()
                self.send_response(200); self.send_header('Content-Length', str(len(data))); self.end_headers()
                self.wfile.write(data); return
            LOG.append({'path': self.path, 'ifNoneMatch': self.headers.get('If-None-Match')})
            if self.path == '/endless.ics':
                # No Content-Length and no end: only reading as it arrives can notice the size.
                self.send_response(200); self.send_header('Content-Type', 'text/calendar'); self.end_headers()
                self.wfile.write(BODY); self.wfile.flush()
                self.rfile.read(); return  # holds the response open until the client hangs up
            if self.path == '/moved.ics':
                self.send_response(301); self.send_header('Location', '/calendar.ics'); self.send_header('Content-Length', '0')
                self.end_headers(); return
            if self.path == '/silent.ics':
                self.rfile.read(); return  # answers nothing until the client hangs up
            if self.path == '/missing.ics':
                data = b'x' * 100000
                self.send_response(404); self.send_header('Content-Length', str(len(data))); self.end_headers()
                self.wfile.write(data); return
            if self.headers.get('If-None-Match') == '"v1"':
                self.send_response(304); self.send_header('ETag', '"v1"'); self.end_headers(); return
            self.send_response(200)
            self.send_header('Content-Type', 'text/calendar; charset=utf-8')
            self.send_header('ETag', '"v1"')
            self.send_header('Content-Length', str(len(BODY)))
            self.end_headers()
            self.wfile.write(BODY)
    server = http.server.ThreadingHTTPServer(('127.0.0.1', 0), Handler)
    server.daemon_threads = True
    print(server.server_address[1], flush=True)
    server.serve_forever()
    """#

    init(serving file: String) throws {
        server = try ReadyLine.start(try #require(ExternalTool.onPath("python3")), ["-c", Self.script, file])
        port = try #require(Int(server.line.trimmingCharacters(in: .whitespacesAndNewlines)))
    }

    func calendarURL(_ name: String = "calendar.ics") throws -> URL {
        try #require(URL(string: "http://127.0.0.1:\(port)/\(name)"))
    }

    /// The If-None-Match header of each calendar request, in order.
    func conditionalHeaders() throws -> [String?] {
        guard case .success(_, _, let data) = BlockingRequest.get(
            try #require(URL(string: "http://127.0.0.1:\(port)/log")), headers: [:], timeout: 10, maxBodyBytes: 1 << 20)
        else { throw LocalServerError.noLog }
        let log = try JSONDecoder().decode([[String: String?]].self, from: data)
        return log.map { $0["ifNoneMatch"] ?? nil }
    }

    func stop() {
        server.process.signal(SIGKILL)
        server.process.waitForExit()
    }
}

enum LocalServerError: Error { case noLog }

@Suite(.removesScratchFolders, .enabled(if: ExternalTool.onPath("python3") != nil || ExternalTool.required, "python3 is needed for the local test server"))
struct SubscriptionTests {
    private func settings(_ cache: URL, maxBytes: Int = 1_000_000, timeout: TimeInterval = 5) -> CalendarSettings {
        CalendarSettings(timeZone: "Europe/Berlin", subscriptionCacheDirectory: cache.path, downloadTimeout: timeout,
                         maxDownloadBytes: maxBytes, refreshInterval: 0)
    }

    @Test func conditionalGetThenStaleCopyWhenServerIsGone() throws {
        let cache = try temporaryDirectory()
        defer { removeDirectory(cache) }
        let server = try LocalCalendarServer(serving: Fixture.path("khal-vdir/personal/5KQ3W8ZP2N7RDM1VYH4T6CJX.ics"))
        let calendar = try CalendarService(sources: [CalendarSourceConfig(name: "team", location: .url(try server.calendarURL()))],
                                           settings: settings(cache))
        let from = utc("2026-03-24T00:00Z"), to = utc("2026-03-25T00:00Z")
        let before = try calendar.busy(from: from, to: to)
        #expect(before.sources.first?.error == "team: download failed: not downloaded yet")
        #expect(before.unknownDays.map(\.description) == ["2026-03-24", "2026-03-25"])
        calendar.refreshSubscriptions()
        let first = try calendar.busy(from: from, to: to)
        expectIntervals(first, [Expected("2026-03-24T14:00Z", "2026-03-24T15:00Z", "Dentist")])
        #expect(first.sources.first?.ok == true && first.sources.first?.ageSeconds != nil)

        calendar.refreshSubscriptions()
        let second = try calendar.busy(from: from, to: to)
        #expect(second.intervals.count == 1)
        #expect(try server.conditionalHeaders() == [nil, "\"v1\""])
        #expect(calendar.parseCount == 1)

        server.stop()
        calendar.refreshSubscriptions()
        let offline = try calendar.busy(from: from, to: to)
        expectIntervals(offline, [Expected("2026-03-24T14:00Z", "2026-03-24T15:00Z", "Dentist")])
        let status = try #require(offline.sources.first)
        #expect(status.ok)
        #expect(status.error?.hasPrefix("team: download failed") == true)
        #expect(status.ageSeconds != nil)
        #expect(offline.unknownDays.isEmpty)
    }

    @Test func unreachableSubscriptionWithoutCopyMakesDaysUnknown() throws {
        let cache = try temporaryDirectory()
        defer { removeDirectory(cache) }
        let server = try LocalCalendarServer(serving: Fixture.path("apple/Home.ics"))
        let url = try server.calendarURL()
        server.stop()
        let calendar = try CalendarService(sources: [CalendarSourceConfig(name: "club", location: .url(url))],
                                           settings: settings(cache))
        calendar.refreshSubscriptions()
        let result = try calendar.busy(from: utc("2026-03-24T00:00Z"), to: utc("2026-03-25T00:00Z"))
        #expect(result.sources.first?.ok == false)
        #expect(result.sources.first?.error?.hasPrefix("club: download failed") == true)
        #expect(result.unknownDays.map(\.description) == ["2026-03-24", "2026-03-25"])
    }

    @Test func oversizedSubscriptionIsRejected() throws {
        let cache = try temporaryDirectory()
        defer { removeDirectory(cache) }
        let server = try LocalCalendarServer(serving: Fixture.path("apple/Home.ics"))
        defer { server.stop() }
        let calendar = try CalendarService(sources: [CalendarSourceConfig(name: "big", location: .url(try server.calendarURL()))],
                                           settings: settings(cache, maxBytes: 200))
        calendar.refreshSubscriptions()
        let result = try calendar.busy(from: utc("2026-03-24T00:00Z"), to: utc("2026-03-25T00:00Z"))
        #expect(result.sources.first?.error == CalendarError.tooLarge(source: "big", limit: 200).description)
        #expect(result.unknownDays.count == 2)
    }

    @Test func anEndlessSubscriptionIsCutOffAtTheLimitNotAtTheTimeout() throws {
        let cache = try temporaryDirectory()
        defer { removeDirectory(cache) }
        let server = try LocalCalendarServer(serving: Fixture.path("apple/Home.ics"))
        defer { server.stop() }
        // The download timeout is an hour: only the size limit can end this download.
        let calendar = try CalendarService(
            sources: [CalendarSourceConfig(name: "endless", location: .url(try server.calendarURL("endless.ics")))],
            settings: CalendarSettings(timeZone: "Europe/Berlin", subscriptionCacheDirectory: cache.path, downloadTimeout: 3600,
                                       maxDownloadBytes: 200, refreshInterval: 0))
        calendar.refreshSubscriptions()
        let result = try calendar.busy(from: utc("2026-03-24T00:00Z"), to: utc("2026-03-25T00:00Z"))
        #expect(result.sources.first?.error == CalendarError.tooLarge(source: "endless", limit: 200).description)
        #expect(try FileManager.default.contentsOfDirectory(atPath: cache.path).allSatisfy { !$0.hasSuffix(".ics") })
    }

    @Test func anErrorStatusIsReportedWithoutReadingItsPage() throws {
        let cache = try temporaryDirectory()
        defer { removeDirectory(cache) }
        let server = try LocalCalendarServer(serving: Fixture.path("apple/Home.ics"))
        defer { server.stop() }
        // The 404 page is larger than the limit: it must be reported as the 404 it is, not as too large.
        let url = try server.calendarURL("missing.ics")
        let calendar = try CalendarService(sources: [CalendarSourceConfig(name: "gone", location: .url(url))],
                                           settings: settings(cache, maxBytes: 200))
        calendar.refreshSubscriptions()
        let result = try calendar.busy(from: utc("2026-03-24T00:00Z"), to: utc("2026-03-25T00:00Z"))
        #expect(result.sources.first?.error?.contains("HTTP 404 from \(url.absoluteString)") == true)
    }

    @Test func aMovedSubscriptionIsFollowedToItsNewPlace() throws {
        let cache = try temporaryDirectory()
        defer { removeDirectory(cache) }
        let server = try LocalCalendarServer(serving: Fixture.path("khal-vdir/personal/5KQ3W8ZP2N7RDM1VYH4T6CJX.ics"))
        defer { server.stop() }
        let calendar = try CalendarService(sources: [CalendarSourceConfig(name: "team", location: .url(try server.calendarURL("moved.ics")))],
                                           settings: settings(cache))
        calendar.refreshSubscriptions()
        let result = try calendar.busy(from: utc("2026-03-24T00:00Z"), to: utc("2026-03-25T00:00Z"))
        expectIntervals(result, [Expected("2026-03-24T14:00Z", "2026-03-24T15:00Z", "Dentist")])
    }

    @Test func aServerThatAnswersNothingFailsAtTheDownloadTimeout() throws {
        let cache = try temporaryDirectory()
        defer { removeDirectory(cache) }
        let server = try LocalCalendarServer(serving: Fixture.path("apple/Home.ics"))
        defer { server.stop() }
        let calendar = try CalendarService(sources: [CalendarSourceConfig(name: "slow", location: .url(try server.calendarURL("silent.ics")))],
                                           settings: settings(cache, timeout: 1))
        calendar.refreshSubscriptions()
        let result = try calendar.busy(from: utc("2026-03-24T00:00Z"), to: utc("2026-03-25T00:00Z"))
        #expect(result.sources.first?.error == "slow: download failed: timed out after 1 s")
        #expect(result.unknownDays.map(\.description) == ["2026-03-24", "2026-03-25"])
    }

    @Test func webcalMeansHTTPS() throws {
        let url = try #require(URL(string: "webcal://p01-caldav.icloud.com/published/2/abc"))
        #expect(SubscriptionFetcher.httpURL(for: url).absoluteString == "https://p01-caldav.icloud.com/published/2/abc")
    }
}
