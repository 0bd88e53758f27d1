import CivilCalendar
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
    private let zone: LogZone

    /// `zone`: the user's zone, which a reload may change.
    public init(label: String, level: Logger.Level = .info, zone: LogZone = LogZone(.current)) {
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
        let name = event.level.rawValue
        let level = name.padding(toLength: max(8, name.count + 1), withPad: " ", startingAt: 0)  // `critical [vigord]`
        let time = StderrLogHandler.timestamp(Date(), zone: zone.current)
        let line = "\(time) \(level)[\(label)] \(event.message)\(fields)\n"
        let bytes = Array(line.utf8)
        bytes.withUnsafeBytes { _ = write(STDERR_FILENO, $0.baseAddress, $0.count) }
    }

    private static func timestamp(_ date: Date, zone: TimeZone) -> String {
        let seconds = zone.secondsFromGMT(for: date)
        let (civil, secondOfDay) = CivilDate.split(unixSeconds: Int(date.timeIntervalSince1970.rounded(.down)) + seconds)
        func two(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }
        let offset = abs(seconds)
        let sign = seconds < 0 ? "-" : "+"
        return "\(civil.year)-\(two(civil.month))-\(two(civil.day))T\(two(secondOfDay / 3600)):\(two(secondOfDay % 3600 / 60)):\(two(secondOfDay % 60))"
            + "\(sign)\(two(offset / 3600)):\(two(offset % 3600 / 60))"
    }
}
