import Foundation
import VigorRPC

extension LocalAPI {
    /// `emergency.activate`: the red button; recovery time starts now, the blocks inside it are withdrawn.
    func serveEmergencyActivate(_ params: EmergencyActivateMethod.Params) async throws -> RecoveryTimeStatus {
        let minutes = params.minutes ?? 15
        guard (1...240).contains(minutes) else {
            throw APIError.invalidParams("field 'minutes' must be between 1 and 240")
        }
        return RecoveryTimeStatus(try await backend.pressRedButton(minutes: minutes, at: context.now()), zone: await backend.zone())
    }
}
