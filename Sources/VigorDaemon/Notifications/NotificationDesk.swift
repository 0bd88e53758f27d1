import CivilCalendar
import Foundation
import GhostEngine
import GhostScheduling
import Logging
import Store

/// The edge of the notification orchestrator: reads what the Ghost wants to say, lets
/// `NotificationOrchestrator` decide, saves the ledger (the inbox) and then delivers or withdraws through the
/// sinks. A failed delivery is logged and counted by ghost health; it never blocks the daemon.
public actor NotificationDesk {
    private let ghost: GhostHost
    private let database: AppDatabase
    private let failures: FailureLog
    private let logger: Logger
    private var sinks: [any NotificationSink]
    private var ledger: NotificationLedger
    /// Held time, for what the weekly receipt says about it; nil: nothing.
    private let holds: HoldDesk?

    init(
        ghost: GhostHost, database: AppDatabase, failures: FailureLog, logger: Logger, sinks: [any NotificationSink] = [],
        holds: HoldDesk? = nil
    ) throws {
        self.holds = holds
        self.ghost = ghost
        self.database = database
        self.failures = failures
        self.logger = logger
        self.sinks = sinks
        ledger = try database.notificationLedger(as: NotificationLedger.self) ?? NotificationLedger()
    }

    /// Where notifications go from now on (after a reload).
    func use(_ sinks: [any NotificationSink]) {
        self.sinks = sinks
    }

    /// Forgets the inbox in memory after the user purged their data (the database row is gone already).
    func forget() {
        ledger = NotificationLedger()
    }

    /// Everything in the inbox, newest first.
    public var inbox: [NotificationLedger.Entry] { ledger.entries.reversed() }

    /// Brings the ledger up to date at `now` and performs what the orchestrator decided; `poorNight` (last night's
    /// sleep was short, read by the backend from the morning signals) keeps the Ghost quiet but for the apology.
    /// `zone` is the user's (`[schedule] timezone`): its local day is the day whose budget counts, and its wall clock
    /// the one quiet hours read; nil: the zone the Ghost was created in.
    /// Settles run one after another: one that starts while another delivers returns only once that delivery is
    /// done, so a caller never sees a message decided but not yet sent.
    /// Returns how many sinks began failing (the backend counts each toward ghost health).
    @discardableResult
    public func settle(now: Date, rules: NotificationRules, poorNight: Bool = false, zone: TimeZone? = nil) async -> Int {
        let previous = lastSettle
        let settling = Task {
            _ = await previous?.value
            return await self.settleInTurn(now: now, rules: rules, poorNight: poorNight, zone: zone)
        }
        lastSettle = settling
        return await settling.value
    }

    /// The settle before the newest, which the next one waits for.
    private var lastSettle: Task<Int, Never>?

    private func settleInTurn(now: Date, rules: NotificationRules, poorNight: Bool, zone: TimeZone?) async -> Int {
        let snapshot = await ghost.snapshot(at: now)
        let calendar = zone.map(LocalCalendar.init(timeZone:)) ?? snapshot.ghost.calendar
        let local = calendar.moment(at: now)
        let weekly = weeklyReceipt(now: now)
        let pending = GhostMessages.pending(
            ghost: snapshot.ghost, now: now, breakerFiredAt: snapshot.lastBreakerFiredAt, weeklyReceipt: weekly.map { ($0.key, $0.text) },
            holdQuestion: weekly == nil ? nil : await holdQuestion(snapshot.ghost, askedSince: weekly?.builtAt, now: now),
            sessionsSuggestion: weekly?.suggestion.map { ($0.sentence, $0.sessions) },
            askCheckIn: checkInWanted(on: local.day, hour: local.hour, now: now))
        let situation = NotificationOrchestrator.Situation(
            now: now, calendar: calendar, rules: rules, recovering: snapshot.activeEmergency != nil, poorNight: poorNight)
        var (next, effects) = NotificationOrchestrator.decide(ledger, pending: pending, situation: situation, rules: rules)
        next.prune(before: now.addingTimeInterval(-30 * 86_400))
        for case .deliver(let message, _) in effects {
            next.note(message.key, reason: sinks.isEmpty
                ? "today's message, in this inbox only: no notification channel is set up ([notify] command)"
                : "delivered through the \(sinks.map(\.name).joined(separator: " and "))")
        }
        guard next != ledger, save(next, at: now) else { return 0 }
        var failed: [(key: String, reason: String)] = []
        var began = 0
        for effect in effects {
            switch effect {
            case .deliver(let message, let alsoWaiting):
                for sink in sinks {
                    do {
                        try await sink.deliver(message, alsoWaiting: alsoWaiting)
                        failures.succeeded("notifying through the \(sink.name)")
                    } catch {
                        failed.append((message.key, "the \(sink.name) failed: \(error.description)"))
                        if failures.failed("notifying through the \(sink.name)", reason: error.description) { began += 1 }
                    }
                }
            case .withdraw(let key):
                for sink in sinks { await sink.withdraw(key: key) }
            }
        }
        if !failed.isEmpty {
            var noted = ledger
            for failure in failed { noted.note(failure.key, reason: failure.reason) }
            _ = save(noted, at: now)
        }
        return began
    }

    /// Saves the ledger first (so a crash never sends a message twice), then keeps it; false when it could not.
    private func save(_ next: NotificationLedger, at now: Date) -> Bool {
        do {
            try database.saveNotificationLedger(try StoredJSON.encode(next), at: now)
        } catch {
            // A full disk is the storage episode's to tell; nothing is sent until the ledger is saved.
            failures.failed("saving the notification inbox", error: error)
            return false
        }
        ledger = next
        return true
    }

    /// The morning to ask "slept well?" for, by `CheckInQuestion` from what the store knows: whether the morning cycle
    /// ran today and one ran before today, whether the user checked in, and whether a device records the user's nights
    /// in its rhythm (`MorningPlan.deviceRecordsNights` over the store's sleep and deliveries of the last 28 days).
    private func checkInWanted(on today: LocalDay, hour: Int, now: Date) -> LocalDay? {
        guard hour < CheckInQuestion.askedUntilHour else { return nil }
        let window = Double(MorningPlan.deliveryRhythmDays) * 86_400
        do {
            return CheckInQuestion.morning(
                today: today, hour: hour,
                morningCycleRanToday: try database.lastCycleRun(kind: .morning)?.localDate == today,
                cycleRanBeforeToday: try database.hasCycleRun(before: today),
                checkedInToday: !(try database.checkIns(from: today, through: today).isEmpty),
                deviceRecordsNights: MorningPlan.deviceRecordsNights(
                    newestNight: try database.healthSamples(kind: .sleep, endingFrom: now.addingTimeInterval(-window), to: now)
                        .map(\.end).max(),
                    arrivals: try database.healthArrivals(since: now.addingTimeInterval(-window)), now: now))
        } catch {
            logger.warning("cannot tell whether to ask for the morning check-in", metadata: ["error": "\(error)"])
            return nil
        }
    }

    /// What the weekly receipt built at `askedSince` says about held time (`HoldQuestion`), and the proposal of the
    /// forecast's first day its question names (and its yes accepts).
    private func holdQuestion(_ ghost: Ghost, askedSince: Date?, now: Date) async -> (text: String, asks: Bool, covers: BlockID?)? {
        guard let holds else { return nil }
        do {
            let forecast = try await holds.lastForecast()
            let proposal = ghost.trust.phase == .scheduler ? HoldQuestion.proposalNamed(forecast: forecast, ghost: ghost, now: now) : nil
            guard let said = HoldQuestion.sentence(
                forecast: forecast, book: await holds.book, phase: ghost.trust.phase, calendar: ghost.calendar, now: now, proposal: proposal,
                askedSince: askedSince)
            else { return nil }
            return (said.text, said.asks, said.asks ? proposal?.id : nil)
        } catch {
            logger.warning("cannot read the week forecast for the weekly receipt", metadata: ["error": "\(error)"])
            return nil
        }
    }

    /// The last weekly receipt, while it is less than a day old.
    private func weeklyReceipt(now: Date) -> (key: String, builtAt: Date, text: String, suggestion: PlanFollowing.Suggestion?)? {
        do {
            guard let record = try database.weeklyReceipt(), now.timeIntervalSince(record.builtAt) < GhostMessages.sentenceLifetime
            else { return nil }
            let receipt = try record.value(as: WeeklyValueReceipt.self)
            return (record.weekStart.description, record.builtAt, receipt.clean, receipt.suggestion)
        } catch {
            logger.warning("cannot read the weekly receipt for the inbox", metadata: ["error": "\(error)"])
            return nil
        }
    }
}
