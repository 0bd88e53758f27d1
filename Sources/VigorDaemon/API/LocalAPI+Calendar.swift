import ICalendarKit
import Foundation
import VigorRPC

extension LocalAPI {
    /// `calendar.busy`: merged busy time over a window (default: the next 7 days), with its causes.
    func serveCalendarBusy(_ params: CalendarBusyMethod.Params) async throws -> CalendarBusy {
        let zone = await backend.zone()
        let from = try params.from.map { text throws(RPCErrorObject) in try WindowBound.parse(text, field: "from", zone: zone) } ?? context.now()
        let to = try params.to.map { text throws(RPCErrorObject) in try WindowBound.parse(text, field: "to", zone: zone) }
            ?? from.addingTimeInterval(7 * 86_400)
        guard from < to else { throw APIError.invalidParams("field 'to' must be after 'from'") }
        guard to.timeIntervalSince(from) <= 400 * 86_400 else {
            throw APIError.invalidParams("field 'to' is more than 400 days after 'from'")
        }
        return CalendarBusy(try await backend.busy(from: from, to: to, source: params.source), from: from, to: to, zone: zone)
    }

    /// `calendar.sources`: each configured source with its state.
    func serveCalendarSources(_: NoParams) async throws -> CalendarSourcesMethod.Result {
        CalendarSourcesMethod.Result(sources: await backend.calendarSources().map { CalendarSourceView($0.entry, $0.status) })
    }
}
