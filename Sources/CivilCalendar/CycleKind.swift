/// The cycles: morning (close the days that ended, take in last night's signals), evening (read
/// the calendars and plan tomorrow) and weekly (Sunday, after the evening: the value receipt).
public enum CycleKind: String, VocabularyWord {
    case morning
    case evening
    case weekly
}
