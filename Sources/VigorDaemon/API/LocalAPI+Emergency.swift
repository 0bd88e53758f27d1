import Foundation
import VigorRPC

extension LocalAPI {
    /// `emergency.activate`: the red button; recovery time starts now, the blocks inside it are withdrawn.
    func serveEmergencyActivate(_ params: EmergencyActivateMethod.Params) async throws -> RecoveryTimeStatus {
        let range = EmergencyActivateMethod.minutes
        let minutes = params.minutes ?? range.defaultValue
        guard range.allows(minutes) else { throw APIError.invalidParams("field 'minutes' must be \(range.allowed)") }
        return RecoveryTimeStatus(try await backend.pressRedButton(minutes: minutes, at: context.now()), zone: await backend.zone())
    }
}
