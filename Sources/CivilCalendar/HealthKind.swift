/// The kinds of health samples vigord uses (everything else in an export is ignored): what an importer reads, what
/// the store keeps and what the morning rules observe.
public enum HealthKind: String, VocabularyWord, CodingKeyRepresentable {
    case sleep, hrv, restingHeartRate, steps, workout
}
