import CivilCalendar
import Foundation
import GhostEngine
import VigorRPC

extension LocalAPI {
    /// `blocks.list`: the Ghost's blocks starting in a window (default: today and the next 6 days, midnight to midnight in
    /// the user's zone, whatever a change of the clocks does to their hours).
    func serveBlocksList(_ params: BlocksListMethod.Params) async throws -> BlocksListMethod.Result {
        let zone = await backend.zone()
        let today = await backend.current().calendar.day(of: context.now())
        let from = try params.from.map { text throws(RPCErrorObject) in try WindowBound.parse(text, field: "from", zone: zone) }
            ?? (try WindowBound.parse(today.description, field: "from", zone: zone))
        let to = try params.to.map { text throws(RPCErrorObject) in try WindowBound.parse(text, field: "to", zone: zone) }
            ?? (try WindowBound.parse(
                LocalCalendar(timeZone: zone).day(of: from).adding(days: BlocksListMethod.defaultDays).description, field: "to", zone: zone))
        guard from < to else { throw APIError.invalidParams("field 'to' must be after 'from'") }
        return BlocksListMethod.Result(
            blocks: await backend.blocks(startingFrom: from, before: to).map { BlockView($0, zone: zone) },
            from: RPCTimestamp(from, in: zone), to: RPCTimestamp(to, in: zone))
    }
}
