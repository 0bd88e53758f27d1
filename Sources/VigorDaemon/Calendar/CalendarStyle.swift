import ICalendarKit

/// How vigord's calendar looks beyond times and words: the reminder before a block, categories and colours (so the
/// blocks stand out among meetings), and the summary of the shadow calendar's events.
struct CalendarStyle: Sendable, Equatable {
    /// Minutes before a scheduled block's start its reminder goes off; nil: none (`[calendar.output] alarm_minutes`).
    var alarmMinutes: Int?
    /// SUMMARY of the shadow calendar's events; nil when there is no shadow calendar.
    var shadowSummary: String?

    /// CATEGORIES and COLOR (an RFC 7986 CSS3 colour name) of each kind of item.
    static let training = (categories: ["Vigor", "Training"], color: "darkorchid")
    static let proposal = (categories: ["Vigor", "Training", "Proposal"], color: "plum")
    static let recovery = (categories: ["Vigor", "Recovery"], color: "seagreen")

    /// What the store compares to decide whether an item changed (and its SEQUENCE rises): everything written of it,
    /// its shadow event included.
    func contentHash(of block: VigorBlock) -> String {
        guard !block.transparent, let shadowSummary else { return block.contentFingerprint }
        return block.contentFingerprint + " busy as " + shadowSummary
    }
}
