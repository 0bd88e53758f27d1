import VigorRPC

extension RPCRouter {
    /// Registers a handler that runs on Swift's global executor instead of the socket's event loop.
    ///
    /// A connection's task prefers its channel's event loop, so `status` is read, answered and written on one
    /// thread. A handler that computes or writes (a cycle, an export, a decision saved to SQLite) would run there
    /// too, and every connection on that loop would wait for it: only the cheap reads stay on the loop.
    mutating func registerOffLoop<M: RPCMethod>(_ method: M.Type, handler: @escaping @Sendable (M.Params) async throws -> M.Result) {
        register(method) { params in
            try await withTaskExecutorPreference(globalConcurrentExecutor) { try await handler(params) }
        }
    }
}
