import ICalendarKit
import Foundation
import VigorRPC

extension LocalAPI {
    /// `calendar.busy`: merged busy time over a window (default: the next 7 days), with its causes.
    func serveCalendarBusy(_ params: CalendarBusyMethod.Params) async throws -> CalendarBusy {
        let zone = await zone()
        let from = try params.from.map { text throws(RPCErrorObject) in try WindowBound.parse(text, field: "from", zone: zone) } ?? context.now()
        let to = try params.to.map { text throws(RPCErrorObject) in try WindowBound.parse(text, field: "to", zone: zone) }
            ?? from.addingTimeInterval(7 * 86_400)
        guard from < to else { throw APIError.invalidParams("field 'to' must be after 'from'") }
        guard to.timeIntervalSince(from) <= 400 * 86_400 else {
            throw APIError.invalidParams("field 'to' is more than 400 days after 'from'")
        }
        let result = await context.output.withoutOwnBusyEvents(try await context.calendars.busy(from: from, to: to, source: params.source))
        let entries = await context.calendars.sources().map(\.entry)
        return CalendarBusy(
            from: RPCTimestamp(from, in: zone), to: RPCTimestamp(to, in: zone),
            intervals: result.intervals.map { interval in
                BusyIntervalView(
                    start: RPCTimestamp(interval.start, in: zone), end: RPCTimestamp(interval.end, in: zone),
                    sources: interval.causes.map { BusyCauseView(source: $0.source, summary: $0.summary) })
            },
            unknownDays: result.unknownDays,
            sources: result.sources.compactMap { status in
                entries.first { $0.name == status.name }.map { CalendarSourceView($0, status) }
            })
    }

    /// `calendar.sources`: each configured source with its state.
    func serveCalendarSources(_: NoParams) async throws -> CalendarSourcesMethod.Result {
        CalendarSourcesMethod.Result(sources: await context.calendars.sources().map { CalendarSourceView($0.entry, $0.status) })
    }
}
