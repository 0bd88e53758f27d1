import ICalendarKit
import Foundation
import VigorRPC
import VigorConfig

extension CalendarSourceView {
    /// The API's view of a configured source and its state.
    init(_ entry: CalendarSourceEntry, _ status: SourceStatus) {
        let kind: String
        let location: String
        switch CalendarHost.location(of: entry) {
        case .file(let path): (kind, location) = ("file", path)
        case .vdir(let path): (kind, location) = ("vdir", path)
        case .url(let url): (kind, location) = ("url", url.absoluteString)
        }
        var problems: [String] = []
        if let error = status.error { problems.append(error) }
        if !status.skipped.isEmpty {
            problems.append("skipped or repaired \(status.skipped.count): " + status.skipped.prefix(3).joined(separator: "; "))
        }
        self.init(
            name: entry.name, kind: kind, location: location, ok: status.ok,
            error: problems.isEmpty ? nil : problems.joined(separator: "; "), ageSeconds: status.ageSeconds)
    }
}

extension SourceFreshnessView {
    /// The API's view of a source's age, on the freshness scale of `status`.
    init(_ age: SourceAge) {
        self.init(name: age.name, ok: age.ok, freshness: Freshness.of(ageSeconds: age.ageSeconds).rawValue, ageSeconds: age.ageSeconds)
    }
}

/// Reads the `from`/`to` params of `calendar.busy`: RFC 3339, or a local date meaning midnight in
/// the user's zone (a DST day still starts at its own midnight).
enum WindowBound {
    static func parse(_ text: String, field: String, zone: TimeZone) throws(RPCErrorObject) -> Date {
        if let timestamp = RPCTimestamp(rfc3339: text) { return timestamp.date }
        let parts = text.split(separator: "-")
        if parts.count == 3, parts[0].count == 4, parts[1].count == 2, parts[2].count == 2,
            let year = Int(parts[0]), let month = Int(parts[1]), let day = Int(parts[2])
        {
            var calendar = Calendar(identifier: .gregorian)
            calendar.timeZone = zone
            let components = DateComponents(year: year, month: month, day: day)
            if calendar.date(from: components).map({ calendar.dateComponents([.year, .month, .day], from: $0) == components }) == true,
                let midnight = calendar.date(from: components).map(calendar.startOfDay(for:))
            {
                return midnight
            }
        }
        throw RPCErrorObject(.invalidParams, "Invalid params: field '\(field)' must be an RFC 3339 time or a date YYYY-MM-DD; got '\(text)'")
    }
}

extension CalendarBusy {
    /// The API's view of busy time over `from..<to`, with each source's state.
    init(_ reading: BusyReading, from: Date, to: Date, zone: TimeZone) {
        self.init(
            from: RPCTimestamp(from, in: zone), to: RPCTimestamp(to, in: zone),
            intervals: reading.busy.intervals.map { interval in
                BusyIntervalView(
                    start: RPCTimestamp(interval.start, in: zone), end: RPCTimestamp(interval.end, in: zone),
                    sources: interval.causes.map { BusyCauseView(source: $0.source, summary: $0.summary) })
            },
            unknownDays: reading.busy.unknownDays.map(\.description),
            sources: reading.busy.sources.compactMap { status in
                reading.sources.first { $0.name == status.name }.map { CalendarSourceView($0, status) }
            })
    }
}
