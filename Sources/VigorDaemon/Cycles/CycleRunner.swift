import Foundation
import GhostEngine
import Logging
import Store
import VigorRPC

/// Runs the daily cycles, one at a time, each at most once per local date: the engine's events
/// for the cycle, its receipts and its mark are saved in one transaction.
public actor CycleRunner {
    private let ghost: GhostHost
    private let calendars: CalendarHost
    private let database: AppDatabase
    private let output: CalendarOutput
    private let logger: Logger
    /// Days the morning cycle closes at most in one run after a long absence.
    static let maximumCatchUpDays = 14

    public init(ghost: GhostHost, calendars: CalendarHost, database: AppDatabase, output: CalendarOutput, logger: Logger) {
        self.output = output
        self.ghost = ghost
        self.calendars = calendars
        self.database = database
        self.logger = logger
    }

    /// Runs `kind` for the local date of `now` unless it already ran that day.
    public func run(_ kind: CycleKind, now: Date, zone: TimeZone) async throws -> CycleOutcome {
        let calendar = LocalCalendar(timeZone: zone)
        let today = calendar.day(of: now)
        if let earlier = try database.cycleRuns(onOrAfter: today.description).first(where: {
            $0.kind == kind.rawValue && $0.localDate == today.description
        }) {
            return CycleOutcome(kind: kind.rawValue, localDate: today.description, ran: false, summary: "already ran today: \(earlier.summary)")
        }
        let (events, summary) = switch kind {
        case .morning: try morningEvents(today: today)
        case .evening: await eveningEvents(today: today, calendar: calendar, now: now)
        }
        let mark = CycleRun(kind: kind.rawValue, localDate: today.description, ranAt: now, summary: summary)
        _ = try await ghost.perform(events, at: now, cycle: mark)
        if kind == .morning { try await pruneReceipts(now: now) }
        try await publish(now: now)
        logger.info("cycle ran", metadata: ["cycle": "\(kind.rawValue)", "date": "\(today)", "summary": "\(summary)"])
        return CycleOutcome(kind: kind.rawValue, localDate: today.description, ran: true, summary: summary)
    }

    /// Closes every local day since the last morning cycle (at most two weeks back), then ticks.
    /// Health signals arrive with the importers; until then each day closes with no signal coverage.
    private func morningEvents(today: LocalDay) throws -> ([GhostEvent], String) {
        var events: [GhostEvent] = []
        var closed: [LocalDay] = []
        if let last = try database.lastCycleRun(kind: CycleKind.morning.rawValue).flatMap({ LocalDay(iso: $0.localDate) }) {
            var day = max(last, today.adding(days: -Self.maximumCatchUpDays))
            while day < today {
                closed.append(day)
                day = day.adding(days: 1)
            }
        }
        events += closed.map { .dayClosed($0, signalCoverage: 0) }
        events += [.tick, .backgroundSucceeded]
        let summary = closed.isEmpty
            ? "first morning: nothing to close yet"
            : "closed \(closed.count) day(s) up to \(closed.last?.description ?? "")"
        return (events, summary)
    }

    /// Reads tomorrow's busy time; a failed source counts as a calendar read failure for ghost health.
    private func eveningEvents(today: LocalDay, calendar: LocalCalendar, now: Date) async -> ([GhostEvent], String) {
        let tomorrow = today.adding(days: 1)
        do {
            let from = try calendar.startOfDay(tomorrow)
            let to = try calendar.startOfDay(tomorrow.adding(days: 1))
            let busy = try await calendars.busy(from: from, to: to, source: nil)
            let failed = busy.sources.filter { !$0.ok }.map(\.name)
            let quiet = try database.emergencies(endingAfter: now).contains { $0.isActive(at: now) }
            let summary = "read tomorrow (\(tomorrow)): \(busy.intervals.count) busy interval(s)"
                + (quiet ? "; recovery time is running, so no proposals" : "")
                + (failed.isEmpty ? "" : "; failed sources: \(failed.joined(separator: ", ")), day unknown")
            return ([.tick, failed.isEmpty ? .backgroundSucceeded : .backgroundFailed(.calendarReadFailed)], summary)
        } catch {
            return ([.tick, .backgroundFailed(.calendarReadFailed)], "could not read the calendars: \(error)")
        }
    }

    /// Brings vigord's calendar in line with the engine and the recovery times.
    private func publish(now: Date) async throws {
        let emergencies = try database.emergencies(endingAfter: now.addingTimeInterval(-CalendarOutput.history))
        try await output.publish(ghost: await ghost.current, emergencies: emergencies, now: now)
    }

    /// Deletes receipts past the engine's retention.
    private func pruneReceipts(now: Date) async throws {
        let candidates = try database.receipts(before: now.addingTimeInterval(-30 * 86_400))
        guard !candidates.isEmpty else { return }
        let receipts = candidates.compactMap { stored -> DecisionReceipt? in
            do {
                return try JSONDecoder().decode(DecisionReceipt.self, from: stored.body)
            } catch {
                logger.warning("kept an unreadable receipt", metadata: ["receipt": "\(stored.id)", "error": "\(error)"])
                return nil
            }
        }
        let prunable = await ghost.current.prunableReceipts(receipts, at: now)
        try database.deleteReceipts(ids: prunable)
        if !prunable.isEmpty { logger.info("pruned old receipts", metadata: ["count": "\(prunable.count)"]) }
    }
}
