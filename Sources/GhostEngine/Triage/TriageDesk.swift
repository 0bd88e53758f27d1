import CivilCalendar
import Foundation

/// Failure triage: asks why a block was missed (at most once per local day), expires unanswered
/// questions as unknown, and turns slots rejected too often into sacred (never scheduled) slots.
public struct TriageDesk: Codable, Sendable, Equatable {
    /// Inputs to triage.
    public enum Event: Sendable, Equatable {
        /// A block's time passed with no workout detected.
        case blockMissed(BlockID, slot: SlotKey)
        /// The user answered the open question.
        case answered(BlockID, MissReason)
        /// Time passed; expires an open question after the expiry hours.
        case tick
        /// The user freed a sacred slot.
        case clearSacred(SlotKey)
        /// The user deleted one of the Ghost's blocks in this slot.
        case blockDeleted(slot: SlotKey)
        /// The block was not missed after all (a late workout report): drop its question unanswered.
        case withdrawn(BlockID)
    }

    /// What triage reports.
    public enum Effect: Sendable, Equatable {
        /// Ask the user why the block was missed.
        case askTriage(BlockID)
        /// The miss now has a reason (answered, expired, or not asked).
        case resolved(BlockID, MissReason)
        /// The slot will not be scheduled again until cleared.
        case slotBecameSacred(SlotKey)
        /// The user cleared a sacred slot.
        case slotCleared(SlotKey)
    }

    /// The question waiting for an answer.
    public struct OpenQuestion: Codable, Sendable, Equatable {
        /// The missed block asked about.
        public let block: BlockID
        /// Its weekly slot.
        public let slot: SlotKey
        /// When the question was asked.
        public let askedAt: Date
    }

    /// The question waiting for an answer, if any.
    public private(set) var openQuestion: OpenQuestion?
    /// The local day of the last question asked and how many were asked that day.
    public private(set) var lastAskedDay: LocalDay?
    /// Questions asked on `lastAskedDay`.
    public private(set) var askedOnLastDay: Int
    /// Rejections per slot (bad-time answers and deletions), sorted by slot.
    public private(set) var rejections: [SlotRejection]
    /// Slots never to be scheduled until the user clears them, sorted.
    public private(set) var sacredSlots: [SlotKey]

    /// Empty triage.
    public init() {
        openQuestion = nil
        lastAskedDay = nil
        askedOnLastDay = 0
        rejections = []
        sacredSlots = []
    }

    /// True when `slot` must not be scheduled.
    public func isSacred(_ slot: SlotKey) -> Bool {
        sacredSlots.contains(slot)
    }

    /// Applies one event.
    /// - Throws: `EngineError.noOpenTriageQuestion` for an answer to a question that is not open.
    public mutating func handle(_ event: Event, at moment: Moment, rules: TriageRules) throws(EngineError) -> [Effect] {
        switch event {
        case .blockMissed(let block, let slot):
            return missed(block, slot: slot, at: moment, rules: rules)
        case .answered(let block, let reason):
            guard let open = openQuestion, open.block == block else {
                throw EngineError.noOpenTriageQuestion(block)
            }
            openQuestion = nil
            guard reason == .badTimeSlot else { return [.resolved(block, reason)] }
            return [.resolved(block, reason)] + reject(open.slot, byDeletion: false, rules: rules)
        case .blockDeleted(let slot):
            return reject(slot, byDeletion: true, rules: rules)
        case .tick:
            guard let open = openQuestion,
                  moment.date.timeIntervalSince(open.askedAt) >= rules.questionExpiryHours * 3600
            else { return [] }
            openQuestion = nil
            return [.resolved(open.block, .unknown)]
        case .withdrawn(let block):
            if openQuestion?.block == block { openQuestion = nil }
            return []
        case .clearSacred(let slot):
            rejections.removeAll { $0.slot == slot }
            guard let index = sacredSlots.firstIndex(of: slot) else { return [] }
            sacredSlots.remove(at: index)
            return [.slotCleared(slot)]
        }
    }

    /// Asks about a miss only where the answer can change something. Of the answers only "bad time" does (a rejection
    /// of the slot, the third makes it sacred; the others cost the same trust as no answer), so a miss in a slot that is
    /// sacred already is not asked about. At most `questionsPerLocalDay` a day, one open at a time.
    private mutating func missed(_ block: BlockID, slot: SlotKey, at moment: Moment, rules: TriageRules) -> [Effect] {
        let askedToday = lastAskedDay == moment.day ? askedOnLastDay : 0
        guard openQuestion == nil, askedToday < rules.questionsPerLocalDay, !isSacred(slot) else {
            return [.resolved(block, .unknown)]
        }
        openQuestion = OpenQuestion(block: block, slot: slot, askedAt: moment.date)
        lastAskedDay = moment.day
        askedOnLastDay = askedToday + 1
        return [.askTriage(block)]
    }

    /// Counts a rejection of `slot`; the third of one kind makes it sacred.
    private mutating func reject(_ slot: SlotKey, byDeletion: Bool, rules: TriageRules) -> [Effect] {
        if !rejections.contains(where: { $0.slot == slot }) {
            rejections.append(SlotRejection(slot: slot, count: 0))
            rejections.sort { $0.slot < $1.slot }
        }
        guard let index = rejections.firstIndex(where: { $0.slot == slot }) else { return [] }
        if byDeletion { rejections[index].deletions += 1 } else { rejections[index].count += 1 }
        let reached = byDeletion
            ? rejections[index].deletions >= rules.deletionsBeforeSacred : rejections[index].count >= rules.rejectionsBeforeSacred
        guard reached, !sacredSlots.contains(slot) else { return [] }
        sacredSlots.append(slot)
        sacredSlots.sort()
        return [.slotBecameSacred(slot)]
    }
}
