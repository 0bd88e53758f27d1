import CivilCalendar
import Foundation
import GhostScheduling
import VigorRPC

extension LocalAPI {
    /// `checkin.record`: this morning's self-report, stored for the local date of now; after the morning cycle the
    /// morning rules read it for the blocks still ahead today.
    func serveCheckIn(_ params: CheckInMethod.Params) async throws -> CheckInResult {
        guard params.slept != nil || params.felt != nil else {
            throw APIError.invalidParams("give 'slept' (hours), 'felt' (tired, ok or good), or both")
        }
        if let slept = params.slept, !(slept.isFinite && (0...16).contains(slept)) {
            throw APIError.invalidParams("field 'slept' must be hours between 0 and 16; got \(slept)")
        }
        let now = context.now()
        let outcome = try await backend.checkIn(sleptMinutes: params.slept.map { Int(($0 * 60).rounded()) }, felt: params.felt, at: now)
        return CheckInResult(outcome, now: now)
    }

    /// `recovery.history`: the stored morning scores of the last days, newest first.
    func serveRecoveryHistory(_ params: RecoveryHistoryMethod.Params) async throws -> RecoveryHistoryResult {
        let days = params.days ?? 7
        guard (1...366).contains(days) else {
            throw APIError.invalidParams("field 'days' must be between 1 and 366; got \(days)")
        }
        return RecoveryHistoryResult(try await backend.recoveryHistory(days: days, at: context.now()))
    }

    /// `health.import`: reads a health file (Apple Health export, JSON Lines, CSV) into the store.
    func serveHealthImport(_ params: HealthImportMethod.Params) async throws -> HealthImportResult {
        guard params.path.hasPrefix("/") else {
            throw APIError.invalidParams("field 'path' must be an absolute path; got '\(params.path)'")
        }
        return HealthImportResult(try await backend.importHealth(path: params.path, clock: context.now))
    }

    /// `health.imports`: how far the running imports are.
    func serveHealthImports(_: HealthImportsMethod.Params) async throws -> HealthImportsRunning {
        HealthImportsRunning(running: backend.healthImportsRunning().map(HealthImportsRunning.Running.init))
    }

    /// `health.sources`: each watched health source and how it fares.
    func serveHealthSources(_: NoParams) async throws -> HealthSourcesMethod.Result {
        let zone = await backend.zone()
        return HealthSourcesMethod.Result(sources: try await backend.healthSources().map { HealthSourceView($0, zone: zone) })
    }
}
