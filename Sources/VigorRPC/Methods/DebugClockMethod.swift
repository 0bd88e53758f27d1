/// `debug.clock`: moves the daemon's wall clock forward. Served only when vigord runs with
/// VIGORD_TEST_HOOKS=1, so a benchmark can live through a week of cycles in one process.
public enum DebugClockMethod: RPCMethod {
    public struct Params: Codable, Sendable, Equatable {
        public var advanceHours: Double
        public init(advanceHours: Double) { self.advanceHours = advanceHours }
    }
    public struct Result: Codable, Sendable, Equatable {
        /// The daemon's clock after the move, in the configured zone.
        public var now: RPCTimestamp
        public init(now: RPCTimestamp) { self.now = now }
    }
    public static let name = "debug.clock"
    public static let summary = "Test hook (VIGORD_TEST_HOOKS=1 only): moves the daemon's wall clock forward by 0 to 8784 hours."
    public static let params = [
        OpenRPCParam(name: "advanceHours", required: true, description: "Hours to move forward, 0 to 8784.", schema: Schema.number)
    ]
    public static let resultSchema = Schema.object(["now": Schema.string], required: ["now"])
}
