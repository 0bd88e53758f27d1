/// `debug.delay`: answers after a delay. Served only when vigord runs with VIGORD_TEST_HOOKS=1,
/// so tests can hold a request in flight (e.g. across SIGTERM).
public enum DebugDelayMethod: RPCMethod {
    public struct Params: Codable, Sendable, Equatable {
        public var milliseconds: Int
        public init(milliseconds: Int) { self.milliseconds = milliseconds }
    }
    public struct Result: Codable, Sendable, Equatable {
        public var delayedMilliseconds: Int
        public init(delayedMilliseconds: Int) { self.delayedMilliseconds = delayedMilliseconds }
    }
    public static let name = "debug.delay"
    public static let summary = "Test hook (VIGORD_TEST_HOOKS=1 only): answers after the given delay, at most 10 000 ms."
    public static let params = [
        OpenRPCParam(name: "milliseconds", required: true, description: "How long to wait, 0 to 10000.", schema: Schema.integer)
    ]
    public static let resultSchema = Schema.object(["delayedMilliseconds": Schema.integer], required: ["delayedMilliseconds"])
}
