import CivilCalendar
import GhostEngine

/// The weekend morning's part in a Saturday's or Sunday's time: the day's best time lay inside the morning it keeps
/// free (`SacredRules.weekendMorningUntil`), so the block went to a later one. Only made when the rule changed the
/// choice; `plan`, `why` and the placement receipt say it.
public struct WeekendMorningEvidence: Codable, Sendable, Equatable {
    /// The end of the protected morning.
    public let until: TimeOfDay
    /// The start that would have come first without the rule.
    public let keptFree: TimeOfDay
    /// Whether that start lay in the user's preferred window (or own hours).
    public let inPreferredWindow: Bool

    public init(until: TimeOfDay, keptFree: TimeOfDay, inPreferredWindow: Bool) {
        self.until = until
        self.keptFree = keptFree
        self.inPreferredWindow = inPreferredWindow
    }

    /// "the weekend morning is kept free until 09:00 (06:30, in your preferred window, would have come first)".
    public var words: String {
        "the weekend morning is kept free until \(until) (\(keptFree)\(inPreferredWindow ? ", in your preferred window," : "") "
            + "would have come first)"
    }

    /// The receipt's input, which `why` shows as the "Weekend morning" row.
    public var receiptInput: ReceiptInput {
        ReceiptInput("weekendMorning", "kept free until \(until); \(keptFree) would have come first"
            + (inPreferredWindow ? ", in your preferred window" : ""))
    }
}
