/// The daily cycles: morning (close the days that ended, take in last night's signals) and
/// evening (read the calendars and plan tomorrow).
public enum CycleKind: String, Sendable, CaseIterable, Codable {
    case morning
    case evening
}
