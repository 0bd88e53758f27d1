import Foundation
import Testing

@testable import VigorRPC

@Test func timestampIsWrittenWithTheZonesOffset() throws {
    let berlin = try #require(TimeZone(identifier: "Europe/Berlin"))
    // 2026-07-01T10:00:00Z is 12:00 summer time in Berlin.
    let summer = Date(timeIntervalSince1970: 1_782_900_000)
    #expect(RPCTimestamp(summer, in: berlin).description == "2026-07-01T12:00:00+02:00")
    // 2026-11-22T10:00:00Z is 11:00 winter time.
    let winter = Date(timeIntervalSince1970: 1_795_341_600)
    #expect(RPCTimestamp(winter, in: berlin).description == "2026-11-22T11:00:00+01:00")
    #expect(RPCTimestamp(winter, in: .gmt).description == "2026-11-22T10:00:00Z")
}

@Test func negativeOffsetsAndFractionsRoundTrip() throws {
    let text = "2026-03-08T01:59:59.250-05:00"
    let parsed = try #require(RPCTimestamp(rfc3339: text))
    #expect(parsed.description == text)
    #expect(parsed.date.timeIntervalSince1970 == 1_772_953_199.25)
}

@Test func aFractionThatRoundsUpIsWrittenAsTheNextSecond() throws {
    let justBefore = Date(timeIntervalSince1970: 1_795_341_599.9996)
    #expect(RPCTimestamp(justBefore, in: .gmt).description == "2026-11-22T10:00:00Z")
    let beforeEpoch = Date(timeIntervalSince1970: -0.25)
    #expect(RPCTimestamp(beforeEpoch, in: .gmt).description == "1969-12-31T23:59:59.750Z")
}

@Test func timestampWithoutOffsetIsRejected() {
    #expect(RPCTimestamp(rfc3339: "2026-03-08T01:59:59") == nil)
    #expect(RPCTimestamp(rfc3339: "2026-13-08T01:59:59Z") == nil)
    #expect(RPCTimestamp(rfc3339: "yesterday") == nil)
}

@Test func socketPathPrefersExplicitThenEnvironmentThenRuntimeDir() {
    let environment = ["XDG_RUNTIME_DIR": "/run/user/1000", "VIGOR_SOCKET": "/tmp/v.sock"]
    #expect(SocketLocation.resolve(explicit: "/x.sock", environment: environment, uid: 1000) == "/x.sock")
    #expect(SocketLocation.resolve(explicit: nil, environment: environment, uid: 1000) == "/tmp/v.sock")
    #expect(SocketLocation.resolve(explicit: nil, environment: ["XDG_RUNTIME_DIR": "/run/user/1000"], uid: 1000)
        == "/run/user/1000/vigor/vigord.sock")
    #expect(SocketLocation.resolve(explicit: nil, environment: [:], uid: 0) == "/run/vigor/vigord.sock")
    #expect(SocketLocation.resolve(explicit: nil, environment: [:], uid: 1000) == "/run/user/1000/vigor/vigord.sock")
}

@Test func vigordsConfiguredSocketGivesWayToFlagAndEnvironmentAndBeatsTheDefault() {
    let environment = ["XDG_RUNTIME_DIR": "/run/user/1000", "VIGOR_SOCKET": "/tmp/v.sock"]
    #expect(SocketLocation.resolve(explicit: "/x.sock", configured: "/c.sock", environment: environment, uid: 1000) == "/x.sock")
    #expect(SocketLocation.resolve(explicit: nil, configured: "/c.sock", environment: environment, uid: 1000) == "/tmp/v.sock")
    #expect(SocketLocation.resolve(explicit: nil, configured: "/c.sock", environment: ["XDG_RUNTIME_DIR": "/run/user/1000"], uid: 1000)
        == "/c.sock")
}
