import CivilCalendar
import Foundation
import GhostEngine
import VigorRPC

extension LocalAPI {
    /// `blocks.list`: the Ghost's blocks starting in a window (default: the next 7 days from today).
    func serveBlocksList(_ params: BlocksListMethod.Params) async throws -> BlocksListMethod.Result {
        let zone = await zone()
        let ghost = await context.ghost.current
        let from = try params.from.map { text throws(RPCErrorObject) in try WindowBound.parse(text, field: "from", zone: zone) }
            ?? (try WindowBound.parse(ghost.calendar.day(of: context.now()).description, field: "from", zone: zone))
        let to = try params.to.map { text throws(RPCErrorObject) in try WindowBound.parse(text, field: "to", zone: zone) }
            ?? from.addingTimeInterval(7 * 86_400)
        guard from < to else { throw APIError.invalidParams("field 'to' must be after 'from'") }
        return BlocksListMethod.Result(
            blocks: ghost.blocks.filter { $0.start >= from && $0.start < to }.sorted { $0.start < $1.start }.map { BlockView($0, zone: zone) })
    }

    /// `sacred.list`: the slots the Ghost learned never to use.
    func serveSacredList(_: NoParams) async throws -> SacredListMethod.Result {
        SacredView.list(await context.ghost.current)
    }

    /// `sacred.clear`: gives a learned sacred slot back to the scheduler.
    func serveSacredClear(_ params: SacredClearMethod.Params) async throws -> SacredListMethod.Result {
        guard let slot = SlotKey(label: params.slot) else {
            throw APIError.invalidParams("field 'slot' must look like \"Mon 07:00\"; got '\(params.slot)'")
        }
        guard await context.ghost.current.triage.isSacred(slot) else {
            throw APIError.invalidParams("field 'slot': \(slot) is not a learned sacred slot (see sacred.list)")
        }
        try await perform(.clearSacredSlot(slot), now: context.now())
        context.replan.changed()
        return SacredView.list(await context.ghost.current)
    }

    /// `travel.set`: marks travel days, or clears current and future travel.
    func serveTravelSet(_ params: TravelSetMethod.Params) async throws -> TravelStatus {
        let now = context.now()
        let today = await context.ghost.current.calendar.day(of: now)
        if params.clear == true {
            try await context.ghost.clearTravel(today: today)
        } else {
            guard let fromText = params.from, let first = LocalDay(iso: fromText) else {
                throw APIError.invalidParams("field 'from' must be a date YYYY-MM-DD")
            }
            guard let last = LocalDay(iso: params.to ?? fromText), last >= first else {
                throw APIError.invalidParams("field 'to' must be a date YYYY-MM-DD on or after 'from'")
            }
            guard last.ordinal - first.ordinal < 366 else {
                throw APIError.invalidParams("field 'to' is more than a year after 'from'")
            }
            try await context.ghost.recordTravel(from: first, to: last, at: now)
        }
        context.replan.changed()
        return TravelStatus(await context.ghost.travel, today: today)
    }
}
