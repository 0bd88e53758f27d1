/// `sacred.list`: the time the Ghost never uses: the standing rules and the slots it learned.
public enum SacredListMethod: RPCMethod {
    public typealias Params = NoParams
    public struct Result: Codable, Sendable, Equatable {
        /// Learned weekday+hour slots, e.g. `Mon 07:00` (cleared with `sacred.clear`).
        public var slots: [String]
        /// Standing rules, e.g. weekend mornings before 09:00.
        public var rules: [String]
        public init(slots: [String], rules: [String]) {
            self.slots = slots
            self.rules = rules
        }
    }
    public static let name = "sacred.list"
    public static let summary = "Lists sacred time: the standing rules and the weekday+hour slots learned from your deletions and bad-time answers."
    public static let resultSchema = Schema.object(
        ["slots": Schema.array(of: Schema.string), "rules": Schema.array(of: Schema.string)], required: ["slots", "rules"])
}

/// `sacred.clear`: lets the Ghost use a learned sacred slot again.
public enum SacredClearMethod: RPCMethod {
    public struct Params: Codable, Sendable, Equatable {
        /// The slot as listed, e.g. `Mon 07:00`.
        public var slot: String
        public init(slot: String) { self.slot = slot }
    }
    public typealias Result = SacredListMethod.Result
    public static let name = "sacred.clear"
    public static let summary = "Clears a learned sacred slot (e.g. \"Mon 07:00\") so the Ghost may use it again."
    public static let params = [
        OpenRPCParam(name: "slot", required: true, description: "Weekday and hour as listed, e.g. Mon 07:00.", schema: Schema.string)
    ]
    public static let resultSchema = SacredListMethod.resultSchema
    public static let errors: [RPCErrorCode] = [.engineRefused, .storageFailed]
}
