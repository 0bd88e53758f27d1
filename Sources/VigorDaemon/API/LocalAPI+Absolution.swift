import Foundation
import GhostScheduling
import VigorRPC

extension LocalAPI {
    /// `absolution.read`: what held the user back over the last days, from calendars and health data.
    func serveAbsolution(_ params: AbsolutionMethod.Params) async throws -> AbsolutionMethod.Result {
        let range = AbsolutionMethod.days
        let days = params.days ?? range.defaultValue
        guard range.allows(days) else { throw APIError.invalidParams("field 'days' must be \(range.allowed); got \(days)") }
        guard let narrative = try await backend.absolution(days: days, at: context.now()) else {
            return .init(absolution: nil, reason: "fewer than 7 of the last \(days) days have health data or a calendar event; "
                + "import health data (vigorctl import) or add a calendar")
        }
        return .init(absolution: AbsolutionView(narrative), reason: nil)
    }
}
