import Foundation
import Testing

@testable import VigorRPC

private func stamp(_ seconds: Double, _ zone: String) -> RPCTimestamp {
    RPCTimestamp(Date(timeIntervalSince1970: seconds), in: TimeZone(identifier: zone) ?? .gmt)
}

private func block(_ id: String) -> BlockView {
    BlockView(id: id, start: stamp(1_795_400_000, "Europe/Berlin"), end: stamp(1_795_402_700, "Europe/Berlin"), origin: "auto", status: "scheduled")
}

private func changed(_ id: String, answer: String?) -> BlockView {
    BlockView(
        id: id, start: stamp(1_795_400_000, "America/St_Johns"), end: stamp(1_795_401_200.5, "Asia/Kolkata"), origin: "auto",
        status: answer == nil ? "removed" : "scheduled",
        transformation: TransformationView(rule: "shortSleep", originalMinutes: 45, removed: answer == nil, answer: answer))
}

private func status(full: Bool) -> DaemonStatus {
    DaemonStatus(
        version: "0.1.0", pid: 4242, startedAt: stamp(1_795_341_600.25, "America/New_York"), uptimeSeconds: 3600,
        socket: "/run/user/1000/vigor/vigord.sock", socketOrigin: "systemd", configPath: "/home/ana \"x\"/config.toml",
        configSource: "file", timezone: "Europe/Berlin",
        lastReload: full ? ReloadOutcome(at: stamp(1_795_341_700, "Europe/Berlin"), ok: false, configPath: "/c", error: "line 3:\tbad\nkey é") : nil,
        database: DatabaseStatus(path: "/var/lib/vigor/vigor.sqlite", schemaVersion: "v5-travel"),
        ghost: GhostStatus(
            trustPhase: "autoScheduler", trustPhaseName: "Auto-Scheduler", trustScore: full ? 0.123456789 : 0, pinnedByUser: full,
            capabilities: full ? ["propose", "writeCalendar"] : [], healthPhase: "adaptation", healthPhaseName: "Adaptation",
            healthConfidence: full ? 1 : 0.3, ghostHealth: "healthy", ghostHealthName: "Healthy", breakerDeletions: 2),
        nextCycles: NextCycles(morning: stamp(1_795_410_000, "Europe/Berlin"), evening: stamp(1_795_464_000, "Europe/Berlin")),
        emergency: full
            ? EmergencyStatus(active: true, startedAt: stamp(1_795_341_600, "UTC"), endsAt: stamp(1_795_342_500, "UTC"), blockFile: "/v/a.ics")
            : EmergencyStatus(active: false),
        plan: PlanStatus(
            today: full ? [block("b1"), block("b2"), changed("b5", answer: nil), changed("b6", answer: "reverted")] : [], tomorrow: [block("b3")], proposals: full ? [block("b4")] : [],
            pendingTriage: [], apology: full ? "I've been scheduling at bad times." : nil),
        sources: [
            SourceFreshnessView(name: "work", ok: true, freshness: "fresh", ageSeconds: full ? 12 : nil),
            SourceFreshnessView(name: "gone", ok: false, freshness: "unknown", ageSeconds: nil),
        ],
        travel: TravelStatus(travellingToday: full, ranges: full ? ["2026-11-24..2026-11-27"] : []))
}

@Test(arguments: [true, false])
func statusWrittenByHandIsByteForByteWhatJSONEncoderWrites(full: Bool) throws {
    var json = JSONWriter()
    status(full: full).write(to: &json)
    let encoded = try RPCCoding.makeEncoder().encode(status(full: full))
    #expect(String(decoding: json.bytes, as: UTF8.self) == String(decoding: encoded, as: UTF8.self))
}

@Test func statusReplyEnvelopeDecodesToTheSameResult() async throws {
    var router = RPCRouter()
    router.register(StatusMethod.self) { _ in status(full: true) }
    let reply = try #require(await RPCDispatcher(router: router).reply(to: Data(#"{"jsonrpc":"2.0","method":"status","id":"s"}"#.utf8)))
    let response = try JSONDecoder().decode(RPCResponse.self, from: reply)
    #expect(response.id == .string("s"))
    #expect(try RPCCoding.decode(DaemonStatus.self, from: try #require(response.result)) == status(full: true))
}

@Test(arguments: [-1.5, 0, 951_782_400.999, 4_102_444_800.25, 253_402_000_000])
func timestampBytesMatchFoundationsFormatAndParseBack(seconds: Double) throws {
    for zone in ["UTC", "America/St_Johns", "Asia/Kathmandu", "Pacific/Kiritimati", "America/Adak"] {
        let value = stamp(seconds, zone)
        var bytes: [UInt8] = []
        value.write(into: &bytes)
        let text = String(decoding: bytes, as: UTF8.self)
        #expect(text == value.description)
        let parsed = try #require(RPCTimestamp(rfc3339: text))
        #expect(abs(parsed.date.timeIntervalSince1970 - seconds) < 0.0005)
        #expect(parsed.offsetSeconds == value.offsetSeconds)
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.calendar = Calendar(identifier: .gregorian)
        formatter.timeZone = TimeZone(identifier: zone)
        formatter.dateFormat = "yyyy-MM-dd'T'HH:mm:ss"
        #expect(text.hasPrefix(formatter.string(from: Date(timeIntervalSince1970: seconds.rounded(.down)))))
    }
}
