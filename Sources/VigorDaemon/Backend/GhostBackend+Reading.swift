import ICalendarKit
import Foundation
import GhostEngine
import GhostScheduling
import Store
import VigorConfig

/// Busy time over a window with the sources that gave it.
public struct BusyReading: Sendable {
    public var busy: BusyResult
    public var sources: [CalendarSourceEntry]
}

extension GhostBackend {
    /// The configuration in force.
    public func config() async -> DaemonConfig {
        await state.config
    }

    /// The user's zone, from the configuration in force.
    public func zone() async -> TimeZone {
        await state.config.schedule.zone
    }

    /// The Ghost as it stands.
    public func current() async -> Ghost {
        await ghost.current
    }

    /// The Ghost and what lives beside it at `now`.
    public func snapshot(at now: Date) async -> GhostSnapshot {
        await ghost.snapshot(at: now)
    }

    /// Everything in the notification inbox, newest first.
    public func inbox() async -> [NotificationLedger.Entry] {
        await notifications.inbox
    }

    /// The newest `limit` decision receipts, or those naming `block` among their inputs (`block=b7`).
    public func receipts(limit: Int, block: String?) throws -> [DecisionReceipt] {
        let stored = try database.recentReceipts(limit: block == nil ? limit : 1000)
        let receipts = try stored.map { stored throws(StoreError) in try stored.value(as: DecisionReceipt.self) }
            .filter { receipt in block.map { block in receipt.inputs.contains { $0.name == "block" && $0.value == block } } ?? true }
        return Array(receipts.prefix(limit))
    }

    /// Merged busy time over `from..<to` (one source, or all), without vigord's own shadow events.
    public func busy(from: Date, to: Date, source: String?) async throws -> BusyReading {
        let busy = await output.withoutOwnBusyEvents(try await calendars.busy(from: from, to: to, source: source))
        return BusyReading(busy: busy, sources: await calendars.sources().map(\.entry))
    }

    /// Each configured calendar source with its state.
    public func calendarSources() async -> [(entry: CalendarSourceEntry, status: SourceStatus)] {
        await calendars.sources()
    }

    /// What held the user back over the `days` before today, from calendars and health data; nil when fewer than a
    /// week of them have health data.
    public func absolution(days: Int, at now: Date) async throws -> AbsolutionNarrative? {
        let settings = WeekPictureReader.Settings(await state.config)
        let calendar = LocalCalendar(timeZone: settings.zone)
        let reader = WeekPictureReader(
            ghost: ghost, calendars: calendars, output: output, database: database, systemZone: { nil }, startingSystemZone: nil)
        let picture = try await reader.history(
            lastDay: calendar.day(of: now).adding(days: -1), days: days, calendar: calendar, settings: settings)
        return try HistoryReading.absolution(picture, now: now)
    }

    /// Everything vigord keeps about the user.
    public func exportData() throws -> ExportedData {
        try database.exportAll()
    }

    /// Deletes all user data and starts a new Ghost; the calendar lets go of the old blocks now, before a new block can
    /// be given an id an old one had.
    public func purge(at now: Date) async throws -> Ghost {
        try await ghost.purge(zone: await zone(), now: now)
        await notifications.forget()
        await output.holds.forget()
        try await publish(at: now)
        return await ghost.current
    }
}
