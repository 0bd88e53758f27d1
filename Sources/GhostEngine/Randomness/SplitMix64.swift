/// A tiny seeded pseudo-random generator (SplitMix64) so simulations are reproducible.
/// The engine never uses system randomness; callers inject this where chance is needed.
public struct SplitMix64: RandomNumberGenerator, Sendable, Equatable, Codable {
    private var state: UInt64

    /// Creates a generator; the same seed always yields the same sequence.
    public init(seed: UInt64) {
        state = seed
    }

    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var mixed = state
        mixed = (mixed ^ (mixed >> 30)) &* 0xBF58_476D_1CE4_E5B9
        mixed = (mixed ^ (mixed >> 27)) &* 0x94D0_49BB_1331_11EB
        return mixed ^ (mixed >> 31)
    }

    /// A uniformly distributed value in 0..<1 built from the top 53 bits (platform independent).
    public mutating func nextUnit() -> Double {
        Double(next() >> 11) / Double(UInt64(1) << 53)
    }
}
