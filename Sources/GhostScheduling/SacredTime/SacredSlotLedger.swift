import GhostEngine

/// How the user rejected a weekday+hour slot.
public enum SlotRejectionKind: String, Codable, Sendable {
    /// The user deleted a block in the slot.
    case deletion
    /// The user answered `badTimeSlot` about a missed block in the slot.
    case badTimeAnswer
}

/// One slot's rejection counts and whether they made it sacred.
public struct SacredSlotRecord: Codable, Sendable, Equatable {
    /// The weekday+hour slot.
    public let slot: SlotKey
    /// Deletions of blocks in the slot.
    public var deletions: Int
    /// `badTimeSlot` answers about the slot.
    public var badTimeAnswers: Int

    /// Creates a record.
    public init(slot: SlotKey, deletions: Int, badTimeAnswers: Int) {
        self.slot = slot
        self.deletions = deletions
        self.badTimeAnswers = badTimeAnswers
    }
}

/// Counts rejections per weekday+hour slot; a slot with 3 deletions or 3 bad-time answers is sacred.
/// `list` and `clear` are the pure operations behind `sacred.list` and `sacred.clear`.
public struct SacredSlotLedger: Codable, Sendable, Equatable {
    /// Every slot with at least one rejection, ordered by weekday then hour.
    public private(set) var records: [SacredSlotRecord] = []

    /// Creates an empty ledger.
    public init() {}

    /// Records a rejection; returns true when this one made the slot sacred.
    public mutating func record(_ kind: SlotRejectionKind, in slot: SlotKey, rules: SacredRules) -> Bool {
        let wasSacred = isSacred(slot, rules: rules)
        var entry = records.first { $0.slot == slot } ?? SacredSlotRecord(slot: slot, deletions: 0, badTimeAnswers: 0)
        switch kind {
        case .deletion: entry.deletions += 1
        case .badTimeAnswer: entry.badTimeAnswers += 1
        }
        records = (records.filter { $0.slot != slot } + [entry]).sorted { $0.slot < $1.slot }
        return !wasSacred && isSacred(slot, rules: rules)
    }

    /// True when the slot's deletions or bad-time answers reached their threshold.
    public func isSacred(_ slot: SlotKey, rules: SacredRules) -> Bool {
        guard let entry = records.first(where: { $0.slot == slot }) else { return false }
        return entry.deletions >= rules.deletionsBeforeSacred || entry.badTimeAnswers >= rules.badTimeAnswersBeforeSacred
    }

    /// The sacred slots with their counts, ordered by weekday then hour (`sacred.list`).
    public func list(rules: SacredRules) -> [SacredSlotRecord] {
        records.filter { isSacred($0.slot, rules: rules) }
    }

    /// The sacred slots only, for `SlotRequest.sacredSlots`.
    public func sacredSlots(rules: SacredRules) -> [SlotKey] {
        list(rules: rules).map(\.slot)
    }

    /// Makes the slot usable again and forgets its rejections (`sacred.clear`).
    /// - Throws: `SchedulingError.slotNotSacred` when the slot is not sacred.
    public mutating func clear(_ slot: SlotKey, rules: SacredRules) throws(SchedulingError) {
        guard isSacred(slot, rules: rules) else { throw .slotNotSacred(slot) }
        records.removeAll { $0.slot == slot }
    }
}
