import Foundation
import VigorRPC

/// The tests' own "now". Every test that starts vigord, reads the time or depends on the weekday starts from here,
/// never from the machine's clock: `VIGOR_TEST_NOW` (RFC 3339 with an offset, as `Scripts/test-at` sets it) or,
/// unset, Wednesday 2026-11-25 07:10 in Berlin. vigord follows it through its test-hook clock (`DaemonHarness`).
enum TestNow {
    static let defaultInstant = "2026-11-25T07:10:00+01:00"
    static let berlin = TimeZone(identifier: "Europe/Berlin") ?? .gmt

    /// The base instant.
    static var instant: Date {
        get throws {
            let text = ProcessInfo.processInfo.environment["VIGOR_TEST_NOW"].flatMap { $0.isEmpty ? nil : $0 } ?? defaultInstant
            guard let parsed = RPCTimestamp(rfc3339: text) else { throw TestNowError.invalid(text) }
            return parsed.date
        }
    }

    /// The first `weekday` (1 Sunday … 7 Saturday) at `hour:minute` in `zone` after the base instant, for a story
    /// that needs a particular day or hour (an evening whose tomorrow gets a block) whatever the base is.
    static func next(weekday: Int, hour: Int, minute: Int = 0, in zone: TimeZone = berlin) throws -> Date {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = zone
        let base = try instant
        guard let date = calendar.nextDate(
            after: base, matching: DateComponents(hour: hour, minute: minute, second: 0, weekday: weekday),
            matchingPolicy: .nextTime)
        else { throw TestNowError.noSuchTime(weekday: weekday, hour: hour, minute: minute) }
        return date
    }

    /// `hour`:00 in `zone`, `days` days after the local date of `start`.
    static func localTime(_ days: Int, hour: Int, after start: Date, in zone: TimeZone = berlin) throws -> Date {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = zone
        guard let day = calendar.date(byAdding: .day, value: days, to: calendar.startOfDay(for: start)),
              let time = calendar.date(bySettingHour: hour, minute: 0, second: 0, of: day)
        else { throw TestNowError.noSuchTime(weekday: 0, hour: hour, minute: 0) }
        return time
    }

    /// The environment of a vigord a test runs itself (not through `DaemonHarness`): test hooks on, its clock starting
    /// at `start` (the base instant unless given), never the machine's clock.
    static func vigordEnvironment(at start: Date? = nil) throws -> [String: String] {
        var environment = ProcessInfo.processInfo.environment
        environment["VIGORD_TEST_HOOKS"] = "1"
        environment["VIGORD_CLOCK_START"] = text(try start ?? instant)
        environment.removeValue(forKey: "VIGORD_CLOCK_OFFSET_HOURS")
        return environment
    }

    /// The instant as RFC 3339 in UTC, as vigord's `VIGORD_CLOCK_START` reads it.
    static func text(_ date: Date) -> String {
        RPCTimestamp(date, in: TimeZone(identifier: "UTC") ?? .gmt).description
    }
}

enum TestNowError: Error, CustomStringConvertible {
    case invalid(String)
    case noSuchTime(weekday: Int, hour: Int, minute: Int)

    var description: String {
        switch self {
        case .invalid(let text): "VIGOR_TEST_NOW='\(text)' is not an RFC 3339 instant with an offset (e.g. \(TestNow.defaultInstant))"
        case .noSuchTime(let weekday, let hour, let minute): "no weekday \(weekday) at \(hour):\(minute) after the test instant"
        }
    }
}
