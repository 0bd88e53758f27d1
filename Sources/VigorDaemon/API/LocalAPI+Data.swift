import Foundation
import VigorRPC

extension LocalAPI {
    /// `data.export`: everything vigord keeps about the user, as one JSON document.
    func serveDataExport(_: NoParams) async throws -> DataExportMethod.Result {
        try DataExport.document(try await backend.exportData(), zone: await backend.zone(), at: context.now())
    }

    /// `data.purge`: deletes all user data and starts a new Ghost (only with `confirm: true`).
    func serveDataPurge(_ params: DataPurgeMethod.Params) async throws -> GhostStatus {
        guard params.confirm else {
            throw APIError.invalidParams("field 'confirm' must be true to delete all user data")
        }
        let now = context.now()
        return GhostStatus(try await backend.purge(at: now), now: now)
    }
}
