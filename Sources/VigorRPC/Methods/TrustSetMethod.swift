/// `trust.set`: the user moves the Ghost to a trust phase by hand (this always wins and is
/// recorded), or hands the ladder back to the Ghost with `auto`.
public enum TrustSetMethod: RPCMethod {
    public struct Params: Codable, Sendable, Equatable {
        /// A phase name (`observer` … `fullGhost`) or `auto`.
        public var phase: String
        public init(phase: String) { self.phase = phase }
    }
    public typealias Result = GhostStatus
    public static let name = "trust.set"
    public static let summary = "Sets the trust phase by hand (recorded, it pins the phase), or `auto` to let the Ghost move it again."
    public static let params = [
        OpenRPCParam(
            name: "phase", required: true, description: "A trust phase, or auto to release a manual pin.",
            schema: Schema.oneOf(TrustPhaseName.all + ["auto"]))
    ]
    public static let resultSchema = GhostStatus.schema
    public static let errors: [RPCErrorCode] = [.engineRefused, .storageFailed]
}
