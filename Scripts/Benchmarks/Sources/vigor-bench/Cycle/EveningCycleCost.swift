import ArgumentParser
import Calendar
import Foundation
import GhostEngine
import Logging
import Store
import VigorDaemon
import VigorRPC

/// Times the daemon's evening cycle on a calendar set (the heavy set of Scripts/calendar-benchmark),
/// in process, with the daemon's own parts: a SQLite file, the vdir writer, the Ghost's host.
///
/// Each run measures, in turn, the calendar module's cold busy-time query for the cycle's week
/// (a fresh `CalendarService`: parse, expand, merge) and a cold evening cycle (fresh daemon parts,
/// nothing parsed), then the evenings of the following days on the same parts (warm: the files
/// stay parsed, as in a running daemon; a morning cycle runs before each, untimed).
struct EveningCycleCost: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "cycle", abstract: "Evening cycle on a calendar set: cold against the cold busy query, then warm evenings.")

    @Option(help: "Folder of .ics files, one source per file (e.g. the heavy set).") var set: String
    @Option(help: "Cold runs (each: one cold busy query and one cold cycle).") var runs = 5
    @Option(help: "Warm evenings after each cold cycle.") var days = 28
    @Option(help: "The first evening, a local date in the zone.") var date = "2026-03-01"
    @Option(help: "The user's zone.") var zone = "Europe/Berlin"

    func run() async throws {
        guard let timeZone = TimeZone(identifier: zone), let first = LocalDay(iso: date) else {
            throw ValidationError("unknown zone \(zone) or date \(date)")
        }
        let files = try FileManager.default.contentsOfDirectory(atPath: set).filter { $0.hasSuffix(".ics") }.sorted()
        guard !files.isEmpty else { throw ValidationError("no .ics files in \(set)") }
        var config = DaemonConfig()
        config.schedule.timezone = zone
        config.calendar.sources = files.map { CalendarSourceEntry(name: $0, location: .path(set + "/" + $0)) }
        let calendar = LocalCalendar(timeZone: timeZone)
        let evening = { (day: LocalDay) throws -> Date in try calendar.date(on: day, hour: 21, minute: 0) }
        let week = (from: try calendar.startOfDay(first.adding(days: 1)), to: try calendar.startOfDay(first.adding(days: 8)))

        print("set: \(files.count) files in \(set); zone \(zone); first evening \(first); \(runs) runs, \(days) warm evenings each")
        // Loads the zones and libical once, so the first measured run pays nothing the later ones do not.
        _ = try coldBusy(config: config, week: week)
        var ratios: [Double] = []
        for run in 1...runs {
            let busy = try coldBusy(config: config, week: week)
            let parts = try await DaemonParts(config: config, now: try evening(first))
            defer { parts.remove() }
            let (cold, outcome) = try await parts.evening(at: try evening(first), zone: timeZone, config: config)
            var warm: [Double] = []
            var slowest = (day: first, milliseconds: 0.0)
            var placed = 0
            for offset in 1...max(1, days) {
                let day = first.adding(days: offset)
                // The day between two evenings: what the daemon prepared in the background is ready.
                await parts.calendars.backgroundWorkFinished()
                _ = try await parts.runner.run(.morning, now: try calendar.date(on: day, hour: 6, minute: 0), zone: timeZone, training: config.training)
                let (elapsed, warmOutcome) = try await parts.evening(at: try evening(day), zone: timeZone, config: config)
                warm.append(elapsed)
                if elapsed > slowest.milliseconds { slowest = (day, elapsed) }
                if warmOutcome.summary.contains("placed tomorrow") { placed += 1 }
            }
            ratios.append(cold / busy.milliseconds)
            print(String(
                format: "run %d: cold busy query %.1f ms (%d intervals); cold evening cycle %.1f ms (%.2f×); warm evenings: median %.1f ms, p90 %.1f ms, max %.1f ms on %@ (%d of %d placed a block)",
                run, busy.milliseconds, busy.intervals, cold, cold / busy.milliseconds, median(warm), percentile(warm, 0.9), slowest.milliseconds, slowest.day.description,
                placed, warm.count))
            print("  cold cycle: \(outcome.summary)")
        }
        print(String(format: "cold cycle ÷ cold busy query: median %.2f (min %.2f, max %.2f)", median(ratios), ratios.min() ?? 0, ratios.max() ?? 0))
    }

    /// The calendar module alone: a fresh service's first busy query over the week.
    private func coldBusy(config: DaemonConfig, week: (from: Date, to: Date)) throws -> (milliseconds: Double, intervals: Int) {
        let sources = config.calendar.sources.compactMap { entry -> CalendarSourceConfig? in
            guard case .path(let path) = entry.location else { return nil }
            return CalendarSourceConfig(name: entry.name, location: .file(path))
        }
        let service = try CalendarService(sources: sources, settings: CalendarSettings(timeZone: zone))
        var count = 0
        let elapsed = try ContinuousClock().measure {
            count = try service.busy(from: week.from, to: week.to).intervals.count
        }
        return (elapsed.milliseconds, count)
    }

    private func median(_ values: [Double]) -> Double { percentile(values, 0.5) }

    private func percentile(_ values: [Double], _ p: Double) -> Double {
        let sorted = values.sorted()
        guard !sorted.isEmpty else { return 0 }
        return sorted[min(sorted.count - 1, Int(Double(sorted.count) * p))]
    }
}

/// The daemon's parts a cycle touches, over a fresh SQLite file and vdir in a scratch folder.
private struct DaemonParts {
    let folder: String
    let runner: CycleRunner
    let calendars: CalendarHost

    init(config: DaemonConfig, now: Date) async throws {
        folder = NSTemporaryDirectory() + "vigor-cycle-bench-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let logger = Logger(label: "vigor-bench", factory: { _ in SwiftLogNoOpLogHandler() })
        let database = try AppDatabase.open(at: folder + "/vigor.sqlite")
        let ghost = try GhostHost(database: database, zone: config.schedule.zone, now: now)
        // Auto-Scheduler: the cycle writes its block to the vdir, the most work an evening does.
        _ = try await ghost.perform(.manualPhaseChange(to: .autoScheduler), at: now)
        calendars = try CalendarHost(config: config, stateDirectory: folder)
        let output = try CalendarOutput(
            directory: folder + "/calendars", stateDirectory: folder, zone: config.schedule.zone, ghost: ghost, logger: logger)
        runner = CycleRunner(ghost: ghost, calendars: calendars, database: database, output: output, logger: logger, systemZone: { nil })
    }

    /// One evening cycle, timed.
    func evening(at now: Date, zone: TimeZone, config: DaemonConfig) async throws -> (Double, CycleOutcome) {
        let clock = ContinuousClock()
        let start = clock.now
        let outcome = try await runner.run(.evening, now: now, zone: zone, training: config.training)
        let elapsed = (clock.now - start).milliseconds
        guard outcome.ran else { throw ValidationError("the evening of \(outcome.localDate) did not run: \(outcome.summary)") }
        return (elapsed, outcome)
    }

    func remove() {
        do {
            try FileManager.default.removeItem(atPath: folder)
        } catch {
            print("could not remove \(folder): \(error)")
        }
    }
}

extension Duration {
    var milliseconds: Double { Double(components.seconds) * 1000 + Double(components.attoseconds) / 1e15 }
}
