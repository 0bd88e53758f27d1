import Foundation
import VigorRPC

extension DaemonRouter {
    /// `health.import` and `health.imports`: health files in, and how far the running imports are.
    static func registerHealth(_ router: inout RPCRouter, _ context: Context) {
        router.registerOffLoop(HealthImportMethod.self) { params in
            guard params.path.hasPrefix("/") else {
                throw RPCErrorObject(.invalidParams, "Invalid params: field 'path' must be an absolute path; got '\(params.path)'")
            }
            do {
                return try await context.health.importFile(at: params.path, now: context.now)
            } catch let error as HealthIntakeError {
                throw RPCErrorObject(error.storage ? .storageFailed : .importFailed, error.description)
            }
        }
        router.registerOffLoop(HealthImportsMethod.self) { _ in
            HealthImportsRunning(running: context.health.progress())
        }
    }
}
