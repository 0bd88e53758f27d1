import CivilCalendar
import Foundation

/// Decides what the Ghost says and when, as a state machine `(ledger, pending, now) -> (ledger, effects)`:
/// at most `dailyBudget` notifications per local day of the user's zone, the most important first (apology >
/// a proposal for a block that starts before the next chance to tell the user > ghost health > triage > proposal >
/// transformation > weekly receipt > check-in > logged workout), the rest held back for tomorrow and counted in the
/// one that goes out; nothing in quiet hours or during recovery time, and after a poor night nothing all day but the
/// apology (the seed: "Poor sleep = say nothing"; the red button answers on its own, never by notification). The
/// morning check-in and a workout to confirm never hold the day's budget while a proposal, a triage question or the
/// weekly question waits. A message that cannot
/// change anything (`GhostMessage.inboxOnly`) stays in the inbox and takes no budget. A message no longer
/// pending is settled and its notification withdrawn. Every decision leaves its reason in the ledger.
public enum NotificationOrchestrator {
    /// What the daemon does at the edge.
    public enum Effect: Sendable, Equatable {
        /// Show `message`; `alsoWaiting` more messages are in the inbox.
        case deliver(GhostMessage, alsoWaiting: Int)
        /// Take down the notification of `key` (answered elsewhere, or lapsed).
        case withdraw(key: String)
    }

    /// What the moment is like for the user.
    public struct Situation: Sendable, Equatable {
        public var now: Date
        /// The local day and wall time in the user's zone: the day whose budget counts.
        public var day: LocalDay
        public var time: TimeOfDay
        /// The next chance to tell the user after the one open now (`NotificationRules.nextChance`).
        public var nextChance: Date
        /// The red button's recovery time is running.
        public var recovering: Bool
        /// The morning signals said last night was poor.
        public var poorNight: Bool

        /// The moment `now` in the user's `calendar`, under `rules`.
        public init(now: Date, calendar: LocalCalendar, rules: NotificationRules, recovering: Bool = false, poorNight: Bool = false) {
            let local = calendar.moment(at: now)
            self.now = now
            day = local.day
            time = TimeOfDay(hour: local.hour, minute: local.minute)
            nextChance = rules.nextChance(after: now, calendar: calendar)
            self.recovering = recovering
            self.poorNight = poorNight
        }
    }

    /// Brings the ledger up to date with `pending` (in priority order) and returns what to show or withdraw.
    public static func decide(
        _ ledger: NotificationLedger, pending: [GhostMessage], situation: Situation, rules: NotificationRules
    ) -> (NotificationLedger, [Effect]) {
        var ledger = ledger
        var effects: [Effect] = []
        let wanted = Set(pending.map(\.key))
        for var entry in ledger.entries where entry.state != .settled && !wanted.contains(entry.message.key) {
            if entry.state == .delivered { effects.append(.withdraw(key: entry.message.key)) }
            entry.state = .settled
            entry.reason = "settled: answered or no longer needed"
            entry.decidedAt = situation.now
            ledger.update(entry)
        }
        let unsent = pending.filter { ledger.entry($0.key)?.state != .delivered }
        for message in unsent where message.inboxOnly && ledger.entry(message.key)?.reason != inboxOnlyReason {
            ledger.update(entry(for: message, in: ledger, state: .heldBack, reason: inboxOnlyReason, situation: situation))
        }
        let waiting = ranked(unsent.filter { !$0.inboxOnly }, situation: situation)
        let inboxOnly = unsent.count - waiting.count
        guard !waiting.isEmpty else { return (ledger, effects) }
        let silence = reasonForSilence(situation, rules: rules)
        let questionWaits = waiting.contains { Self.asksToDecide($0.kind) }
        func holdsBudget(_ entry: NotificationLedger.Entry) -> Bool {
            entry.deliveredOn == situation.day && !(questionWaits && Self.givesWay(entry.message.kind))
        }
        let budgetLeft = rules.dailyBudget - ledger.entries.filter(holdsBudget).count
        for (index, message) in waiting.enumerated() {
            let reason: String
            if let silence = silence ?? reasonForSilence(message, situation) {
                reason = silence
            } else if index < budgetLeft {
                ledger.update(entry(for: message, in: ledger, state: .delivered, reason: "delivered", situation: situation))
                effects.append(.deliver(message, alsoWaiting: waiting.count - min(budgetLeft, waiting.count) + inboxOnly))
                continue
            } else if rules.dailyBudget <= 0 {
                reason = "held back: notifications are off ([notify] daily_budget = 0)"
            } else if let sent = ledger.entries.filter(holdsBudget).max(by: { sentAt($0) < sentAt($1) }) {
                reason = "held back: today's notification went to \(sent.message.kind.phrase)"
            } else {
                reason = "held back: today's notifications are spent"
            }
            if ledger.entry(message.key)?.reason != reason {
                ledger.update(entry(for: message, in: ledger, state: .heldBack, reason: reason, situation: situation))
            }
        }
        return (ledger, effects)
    }

    /// Messages that give the day's notification back while a question waits: the morning check-in and a workout to
    /// confirm only tell or ask about what has happened, and a question that decides the days ahead must not wait a day
    /// behind them.
    static func givesWay(_ kind: GhostMessage.Kind) -> Bool {
        kind == .checkIn || kind == .workoutLogged
    }

    /// Messages that ask the user to decide something about the days ahead: a proposal, a triage question, the weekly
    /// question (a weekly receipt that asks nothing is inbox-only and never waits here).
    static func asksToDecide(_ kind: GhostMessage.Kind) -> Bool {
        kind == .proposal || kind == .triage || kind == .weeklyReceipt
    }

    /// Where a message that cannot change anything stays.
    public static let inboxOnlyReason = "in the inbox only: nothing to answer"

    /// When `entry` was delivered (an inbox kept before vigord noted it: when it was last decided).
    private static func sentAt(_ entry: NotificationLedger.Entry) -> Date {
        entry.deliveredAt ?? entry.decidedAt
    }

    /// `waiting` in the order they take the budget: the apology, then proposals whose block starts after `now` and by
    /// the next chance (soonest first: told later, they would come after their block began), then the rest as they came.
    /// A proposal whose block has begun keeps its place: it is late already.
    static func ranked(_ waiting: [GhostMessage], situation: Situation) -> [GhostMessage] {
        let cannotWait = { (message: GhostMessage) in Self.cannotWait(message, situation) }
        let urgent = waiting.filter(cannotWait).sorted { ($0.startsAt ?? .distantFuture) < ($1.startsAt ?? .distantFuture) }
        let apologies = waiting.filter { $0.kind == .apology }
        return apologies + urgent + waiting.filter { $0.kind != .apology && !cannotWait($0) }
    }

    /// Why nothing may be shown now, or nil.
    static func reasonForSilence(_ situation: Situation, rules: NotificationRules) -> String? {
        if situation.recovering { return "held back: recovery time is running" }
        if rules.isQuiet(at: situation.time) { return "held back: quiet hours until \(rules.quietUntil.description)" }
        return nil
    }

    /// True for a proposal (a new block or a move), or a weekly question that names one, whose block starts before the
    /// next time a message may be shown: it cannot wait for tomorrow's notification.
    static func cannotWait(_ message: GhostMessage, _ situation: Situation) -> Bool {
        guard [.proposal, .weeklyReceipt].contains(message.kind), let start = message.startsAt else { return false }
        return start > situation.now && start <= situation.nextChance
    }

    /// Why `message` may not be shown today although others may: after a poor night only the apology speaks, and a
    /// proposal that cannot wait (a meeting moved onto tomorrow's early block): silence would let the block start first.
    static func reasonForSilence(_ message: GhostMessage, _ situation: Situation) -> String? {
        guard situation.poorNight, message.kind != .apology, !cannotWait(message, situation) else { return nil }
        return "held back: last night was poor, so I say nothing today"
    }

    private static func entry(
        for message: GhostMessage, in ledger: NotificationLedger, state: NotificationLedger.Entry.State, reason: String,
        situation: Situation
    ) -> NotificationLedger.Entry {
        var entry = ledger.entry(message.key) ?? NotificationLedger.Entry(
            message: message, state: state, reason: reason, firstSeen: situation.now, decidedAt: situation.now, deliveredOn: nil,
            deliveredAt: nil)
        entry.message = message
        entry.state = state
        entry.reason = reason
        entry.decidedAt = situation.now
        if state == .delivered {
            entry.deliveredOn = situation.day
            entry.deliveredAt = situation.now
        }
        return entry
    }
}
