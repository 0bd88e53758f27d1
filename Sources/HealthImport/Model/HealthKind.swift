/// The kinds of health samples vigord uses; everything else in an export is ignored.
public enum HealthKind: String, Codable, Sendable, CaseIterable, CodingKeyRepresentable {
    case sleep, hrv, restingHeartRate, steps, workout
}
