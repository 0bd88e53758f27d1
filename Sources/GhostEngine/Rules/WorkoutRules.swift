/// How a reported workout is matched to a block.
public struct WorkoutRules: Codable, Sendable, Equatable {
    /// A workout within this many minutes before or after a block still counts for it
    /// (watches start late, people start early).
    public var matchToleranceMinutes = 30
    /// A workout must last at least this long to count at all (a mis-tap on the watch is not training).
    public var minimumMinutes = 5

    /// The documented defaults.
    public init() {}

    public init(from decoder: any Decoder) throws {
        let keys = try decoder.container(keyedBy: CodingKeys.self)
        let standard = WorkoutRules()
        matchToleranceMinutes = try keys.value(.matchToleranceMinutes, or: standard.matchToleranceMinutes)
        minimumMinutes = try keys.value(.minimumMinutes, or: standard.minimumMinutes)
    }
}
