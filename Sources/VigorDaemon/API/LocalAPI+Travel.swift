import CivilCalendar
import Foundation
import GhostEngine
import VigorRPC

extension LocalAPI {
    /// `travel.set`: marks travel days, or clears current and future travel.
    func serveTravelSet(_ params: TravelSetMethod.Params) async throws -> TravelStatus {
        if params.clear == true {
            return TravelStatus(try await backend.clearTravel(at: context.now()))
        }
        guard let fromText = params.from, let first = LocalDay(iso: fromText) else {
            throw APIError.invalidParams("field 'from' must be a date YYYY-MM-DD")
        }
        guard let last = LocalDay(iso: params.to ?? fromText), last >= first else {
            throw APIError.invalidParams("field 'to' must be a date YYYY-MM-DD on or after 'from'")
        }
        guard last.ordinal - first.ordinal < 366 else {
            throw APIError.invalidParams("field 'to' is more than a year after 'from'")
        }
        return TravelStatus(try await backend.setTravel(from: first, to: last, at: context.now()))
    }
}
