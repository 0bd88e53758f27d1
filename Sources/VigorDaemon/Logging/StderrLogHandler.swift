import Foundation
import Logging

#if canImport(Glibc)
import Glibc
#endif

/// A swift-log handler writing one readable line per event to stderr:
/// `2026-11-22T06:00:00+01:00 info  [vigord] message key=value`.
public struct StderrLogHandler: LogHandler {
    public var metadata: Logger.Metadata = [:]
    public var logLevel: Logger.Level
    private let label: String
    private let zone: TimeZone

    public init(label: String, level: Logger.Level = .info, zone: TimeZone = .current) {
        self.label = label
        self.logLevel = level
        self.zone = zone
    }

    public subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    public func log(event: LogEvent) {
        let merged = metadata.merging(event.metadata ?? [:]) { _, new in new }
        let fields = merged.sorted { $0.key < $1.key }.map { " \($0.key)=\($0.value)" }.joined()
        let level = event.level.rawValue.padding(toLength: 8, withPad: " ", startingAt: 0)
        let time = StderrLogHandler.timestamp(Date(), zone: zone)
        let line = "\(time) \(level)[\(label)] \(event.message)\(fields)\n"
        let bytes = Array(line.utf8)
        bytes.withUnsafeBytes { _ = write(STDERR_FILENO, $0.baseAddress, $0.count) }
    }

    private static func timestamp(_ date: Date, zone: TimeZone) -> String {
        let seconds = zone.secondsFromGMT(for: date)
        let wall = Int(date.timeIntervalSince1970) + seconds
        let day = wall.quotientAndRemainder(dividingBy: 86_400)
        let (days, secondOfDay) = day.remainder < 0 ? (day.quotient - 1, day.remainder + 86_400) : day
        let civil = CivilDate(daysSinceEpoch: days)
        func two(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }
        let offset = abs(seconds)
        let sign = seconds < 0 ? "-" : "+"
        return "\(civil.year)-\(two(civil.month))-\(two(civil.day))T\(two(secondOfDay / 3600)):\(two(secondOfDay % 3600 / 60)):\(two(secondOfDay % 60))"
            + "\(sign)\(two(offset / 3600)):\(two(offset % 3600 / 60))"
    }
}

/// Days since 1970-01-01 to a proleptic Gregorian date (Howard Hinnant's algorithm), so a log
/// line needs no Calendar or formatter on the hot path.
struct CivilDate {
    var year: Int
    var month: Int
    var day: Int

    init(daysSinceEpoch: Int) {
        let z = daysSinceEpoch + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let doe = z - era * 146_097
        let yoe = (doe - doe / 1460 + doe / 36524 - doe / 146_096) / 365
        let doy = doe - (365 * yoe + yoe / 4 - yoe / 100)
        let mp = (5 * doy + 2) / 153
        day = doy - (153 * mp + 2) / 5 + 1
        month = mp < 10 ? mp + 3 : mp - 9
        year = yoe + era * 400 + (month <= 2 ? 1 : 0)
    }
}
