import GhostEngine

/// A versioned recovery formula: its name, version and every parameter. A change of any parameter
/// must come with a new version, so stored scores say exactly how they were computed.
public struct RecoveryFormula: Codable, Sendable, Equatable {
    /// Formula name.
    public var name = "vigor-recovery"
    /// Formula version.
    public var version = 1
    /// Weight of the sleep component.
    public var sleepWeight = 0.30
    /// Weight of the HRV component.
    public var hrvWeight = 0.35
    /// Weight of the resting-heart-rate component.
    public var restingHeartRateWeight = 0.20
    /// Weight of the training-strain component.
    public var strainWeight = 0.15
    /// Share of the 7-day baseline in the HRV deviation (the rest is the 30-day baseline).
    public var hrvShortTermShare = 0.6
    /// HRV component = 0.5 + this × relative deviation (so 20 % below baseline gives 0).
    public var hrvSensitivity = 2.5
    /// Resting-HR component = 0.5 − this × relative rise (so 10 % above baseline gives 0).
    public var restingHeartRateSensitivity = 5.0
    /// Strain component = this − (7-day load / weekly average) (1 at ratio ≤ 0.5, 0 at ≥ 1.5).
    public var strainTolerance = 1.5

    /// Creates the documented version-1 formula.
    public init() {}

    /// The formula in force by default.
    public static let standard = RecoveryFormula()

    /// The name and version as stored with each score.
    public var identity: FormulaIdentity {
        FormulaIdentity(name: name, version: version)
    }

    public init(from decoder: any Decoder) throws {
        let keys = try decoder.container(keyedBy: CodingKeys.self)
        let standard = RecoveryFormula()
        name = try keys.value(.name, or: standard.name)
        version = try keys.value(.version, or: standard.version)
        sleepWeight = try keys.value(.sleepWeight, or: standard.sleepWeight)
        hrvWeight = try keys.value(.hrvWeight, or: standard.hrvWeight)
        restingHeartRateWeight = try keys.value(.restingHeartRateWeight, or: standard.restingHeartRateWeight)
        strainWeight = try keys.value(.strainWeight, or: standard.strainWeight)
        hrvShortTermShare = try keys.value(.hrvShortTermShare, or: standard.hrvShortTermShare)
        hrvSensitivity = try keys.value(.hrvSensitivity, or: standard.hrvSensitivity)
        restingHeartRateSensitivity = try keys.value(.restingHeartRateSensitivity, or: standard.restingHeartRateSensitivity)
        strainTolerance = try keys.value(.strainTolerance, or: standard.strainTolerance)
    }
}

/// Name and version of a formula.
public struct FormulaIdentity: Codable, Sendable, Hashable, CustomStringConvertible {
    /// Formula name.
    public let name: String
    /// Formula version.
    public let version: Int

    /// Creates an identity.
    public init(name: String, version: Int) {
        self.name = name
        self.version = version
    }

    /// `name@version`.
    public var description: String { "\(name)@\(version)" }
}
