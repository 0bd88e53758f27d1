import Foundation

extension VigorBlock {
    /// CATEGORIES of held time: the training categories and its own, so calendar apps can filter or colour it.
    public static let holdCategories = ["Vigor", "Training", "Hold"]
    /// COLOR of held time (RFC 7986, a CSS3 name): lighter than a block's `darkorchid`, unlike a proposal's `plum`.
    public static let holdColor = "mediumpurple"

    /// Held time as vigord's calendar shows it: `STATUS:TENTATIVE`, its own category and colour, no alarm (nobody is
    /// reminded of time that is only kept free), `TRANSP:TRANSPARENT` until it is defended, then `TRANSP:OPAQUE`.
    /// The DESCRIPTION says it is held time, why this slot, and whether others see it as busy.
    /// - Parameters:
    ///   - id: the item id (`hold-2026-12-02`), written as X-VIGOR-BLOCK-ID.
    ///   - why: why this slot, in words.
    ///   - defence: when it turns busy to others, in words ("72 hours before it starts, or …").
    public static func hold(
        id: String, start: Date, durationMinutes: Int, why: String, defended: Bool, defence: String, identity: CalendarIdentity
    ) -> VigorBlock {
        let busy = defended
            ? "Colleagues now see this time as busy."
            : "Colleagues still see this time as free; it turns busy \(defence)."
        let reason = [
            "Held time: \(durationMinutes) minutes I expect to train here this week. The evening before, it becomes your "
                + "training block or goes away.",
            why,
            busy,
            "Delete it to free the day, or move it and I keep it where you put it.",
        ].joined(separator: "\n\n")
        return VigorBlock(
            id: id, kind: "hold", state: defended ? "defended" : "held", title: "Held: Training", start: start,
            end: start.addingTimeInterval(TimeInterval(durationMinutes * 60)), reason: reason, tentative: true,
            transparent: !defended, identity: identity, alarmMinutesBefore: nil, categories: holdCategories, color: holdColor)
    }
}
