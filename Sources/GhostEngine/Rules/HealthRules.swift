/// Numbers of the health-profile phases and their confidence formulas.
public struct HealthRules: Codable, Sendable, Equatable {
    /// Days of data before baseline may end.
    public var baselineDays = 14
    /// Completeness that must be exceeded to leave baseline.
    public var baselineCompleteness = 0.7
    /// Days of data before adaptation may end.
    public var maintenanceDays = 45
    /// Pattern stability that must be exceeded to enter maintenance.
    public var maintenanceStability = 0.8
    /// Recent miss rate above which maintenance becomes regression.
    public var regressionMissRate = 0.5
    /// Pattern deviation above which maintenance becomes regression.
    public var regressionDeviation = 0.4
    /// Recovery signal above which regression returns to adaptation.
    public var recoverySignal = 0.6
    /// Length of the recent window (miss rate, recovery, stability halves), in local days.
    public var recentWindowDays = 7
    /// Length of the reference window before the recent one (deviation), in local days.
    public var referenceWindowDays = 28
    /// Window over which completeness is averaged, in local days.
    public var completenessWindowDays = 14
    /// Fewer planned sessions than this in a window means its rate is unknown.
    public var minPlannedSessions = 3
    /// Confidence formulas: baseline = base + min(evidence days, baselineDays) / baselineDays × span.
    public var baselineConfidenceBase = 0.3
    /// See `baselineConfidenceBase`.
    public var baselineConfidenceSpan = 0.2
    /// Adaptation = base + stability × span.
    public var adaptationConfidenceBase = 0.5
    /// See `adaptationConfidenceBase`.
    public var adaptationConfidenceSpan = 0.3
    /// Maintenance = base + stability × span.
    public var maintenanceConfidenceBase = 0.8
    /// See `maintenanceConfidenceBase`.
    public var maintenanceConfidenceSpan = 0.2
    /// Regression = max(floor, ceiling − miss rate).
    public var regressionConfidenceCeiling = 0.6
    /// See `regressionConfidenceCeiling`.
    public var regressionConfidenceFloor = 0.3
    /// Evidence a morning check-in gives its day (ours, not the seed's): it stands in for the night's sleep and how
    /// the body feels, less than a device (1.0 with all four signals) because memory and mood colour it.
    public var checkInEvidence = 0.75
    /// Evidence a logged or detected workout gives its day (ours): proof of training, not of recovery.
    public var trainingEvidence = 0.25

    /// Creates the documented defaults.
    public init() {}

    public init(from decoder: any Decoder) throws {
        let keys = try decoder.container(keyedBy: CodingKeys.self)
        let standard = HealthRules()
        baselineDays = try keys.value(.baselineDays, or: standard.baselineDays)
        baselineCompleteness = try keys.value(.baselineCompleteness, or: standard.baselineCompleteness)
        maintenanceDays = try keys.value(.maintenanceDays, or: standard.maintenanceDays)
        maintenanceStability = try keys.value(.maintenanceStability, or: standard.maintenanceStability)
        regressionMissRate = try keys.value(.regressionMissRate, or: standard.regressionMissRate)
        regressionDeviation = try keys.value(.regressionDeviation, or: standard.regressionDeviation)
        recoverySignal = try keys.value(.recoverySignal, or: standard.recoverySignal)
        recentWindowDays = try keys.value(.recentWindowDays, or: standard.recentWindowDays)
        referenceWindowDays = try keys.value(.referenceWindowDays, or: standard.referenceWindowDays)
        completenessWindowDays = try keys.value(.completenessWindowDays, or: standard.completenessWindowDays)
        minPlannedSessions = try keys.value(.minPlannedSessions, or: standard.minPlannedSessions)
        baselineConfidenceBase = try keys.value(.baselineConfidenceBase, or: standard.baselineConfidenceBase)
        baselineConfidenceSpan = try keys.value(.baselineConfidenceSpan, or: standard.baselineConfidenceSpan)
        adaptationConfidenceBase = try keys.value(.adaptationConfidenceBase, or: standard.adaptationConfidenceBase)
        adaptationConfidenceSpan = try keys.value(.adaptationConfidenceSpan, or: standard.adaptationConfidenceSpan)
        maintenanceConfidenceBase = try keys.value(.maintenanceConfidenceBase, or: standard.maintenanceConfidenceBase)
        maintenanceConfidenceSpan = try keys.value(.maintenanceConfidenceSpan, or: standard.maintenanceConfidenceSpan)
        regressionConfidenceCeiling = try keys.value(
            .regressionConfidenceCeiling, or: standard.regressionConfidenceCeiling)
        regressionConfidenceFloor = try keys.value(.regressionConfidenceFloor, or: standard.regressionConfidenceFloor)
        checkInEvidence = try keys.value(.checkInEvidence, or: standard.checkInEvidence)
        trainingEvidence = try keys.value(.trainingEvidence, or: standard.trainingEvidence)
    }
}
