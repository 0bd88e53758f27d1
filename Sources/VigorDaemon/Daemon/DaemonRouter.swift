import Foundation
import Store
import VigorRPC

/// The daemon's local API: which handler answers each method of the catalog.
public enum DaemonRouter {
    public struct Context: Sendable {
        public var state: DaemonState
        public var socket: ListeningSocket
        public var database: AppDatabase
        public var testHooks: Bool
        /// Called after a reload through the API, so systemd hears about it as with SIGHUP.
        public var reloadObserver: @Sendable (ReloadOutcome) -> Void
        /// Told when a test hook starts work, so a test can wait for that event instead of sleeping.
        public var testHookObserver: @Sendable (String) -> Void

        public init(
            state: DaemonState, socket: ListeningSocket, database: AppDatabase, testHooks: Bool,
            reloadObserver: @escaping @Sendable (ReloadOutcome) -> Void = { _ in },
            testHookObserver: @escaping @Sendable (String) -> Void = { _ in }
        ) {
            self.state = state
            self.socket = socket
            self.database = database
            self.testHooks = testHooks
            self.reloadObserver = reloadObserver
            self.testHookObserver = testHookObserver
        }
    }

    /// The methods served: the catalog, plus the test hooks when enabled.
    public static func methods(testHooks: Bool) -> [any RPCMethod.Type] {
        MethodCatalog.all + (testHooks ? MethodCatalog.testHooks : [])
    }

    public static func make(_ context: Context) -> RPCRouter {
        var router = RPCRouter()
        let document = OpenRPCDocument.make(methods: methods(testHooks: context.testHooks), version: VigorVersion.current)
        router.register(DiscoverMethod.self) { _ in document }
        // The schema cannot change while the daemon runs: read it once, not on every `status`.
        let schemaVersion = Result { try context.database.schemaVersion() }
        router.register(StatusMethod.self) { _ in
            let database = DatabaseStatus(path: context.database.path, schemaVersion: try schemaVersion.get())
            return await context.state.status(socket: context.socket, database: database)
        }
        router.register(ReloadMethod.self) { _ in
            let outcome = await context.state.reload()
            context.reloadObserver(outcome)
            guard outcome.ok else {
                throw RPCErrorObject(
                    .configInvalid, "Configuration invalid; the previous configuration stays in force: \(outcome.error ?? "")",
                    data: ["configPath": .string(outcome.configPath)])
            }
            return outcome
        }
        if context.testHooks {
            router.register(DebugDelayMethod.self) { params in
                guard (0...10_000).contains(params.milliseconds) else {
                    throw RPCErrorObject(.invalidParams, "Invalid params: field 'milliseconds' must be between 0 and 10000")
                }
                context.testHookObserver("\(DebugDelayMethod.name) started")
                try await Task.sleep(for: .milliseconds(params.milliseconds))
                return DebugDelayMethod.Result(delayedMilliseconds: params.milliseconds)
            }
        }
        return router
    }
}
