/// How the user says they feel in a morning check-in: `vigorctl checkin --felt`, `checkin.record`'s `felt`, the
/// stored check-in and the morning rules all use this one type.
public enum Feeling: String, VocabularyWord {
    case tired, ok, good
}
