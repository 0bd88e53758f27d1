import Foundation
import VigorRPC

extension LocalAPI {
    /// `rpc.discover`: the OpenRPC document of the methods this daemon serves.
    func serveDiscover(_: DiscoverMethod.Params) async throws -> DiscoverMethod.Result {
        OpenRPCDocument.make(methods: Self.methods(testHooks: context.testHooks), version: VigorVersion.current)
    }

    /// `status`: the daemon, the Ghost, the next cycles and the calendars' freshness.
    func serveStatus(_: NoParams) async throws -> DaemonStatus {
        DaemonStatus(try await backend.status(at: context.now()), socket: context.socket)
    }

    /// `daemon.config`: the configuration in force (after reloads), each value with its source.
    func serveConfigShow(_: NoParams) async throws -> EffectiveConfig {
        EffectiveConfig(await backend.effectiveConfig())
    }

    /// `daemon.reload`: re-reads the configuration; an invalid file keeps the one in force.
    func serveReload(_: NoParams) async throws -> ReloadOutcome {
        let outcome = ReloadOutcome(await backend.reload(at: context.now()))
        context.reloadObserver(outcome)
        guard outcome.ok else {
            throw RPCErrorObject(
                .configInvalid, "Configuration invalid; the previous configuration stays in force: \(outcome.error ?? "")",
                data: ["configPath": .string(outcome.configPath)])
        }
        return outcome
    }
}
