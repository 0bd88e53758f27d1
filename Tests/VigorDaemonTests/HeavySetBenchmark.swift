import Foundation
import TestPrograms
import Testing
@testable import ICalendarKit
@testable import VigorDaemon

/// Timing run over a generated heavy calendar set (Benchmarks/calendar); runs only when VIGOR_BENCH_DIR is set.
/// `Benchmarks/run calendar` generates the set, builds in release and runs this beside the C baseline.
/// Prints `bench …` lines; asserts nothing about time. Files are parsed and expanded on the daemon's own
/// `CalendarThreads`, as in vigord.
@Suite(.removesScratchFolders) struct HeavySetBenchmark {
    static let directory = ProcessInfo.processInfo.environment["VIGOR_BENCH_DIR"]

    private func milliseconds(_ body: () throws -> Void) rethrows -> Double {
        let start = DispatchTime.now().uptimeNanoseconds
        try body()
        return Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6
    }

    private func peakMemory() throws -> String {
        let status = try String(contentsOfFile: "/proc/self/status", encoding: .utf8)
        let line = status.split(separator: "\n").first { $0.hasPrefix("VmHWM") }
        return line.map { $0.split(separator: " ", omittingEmptySubsequences: true).dropFirst().joined(separator: " ") }
            ?? "unknown"
    }

    private func format(_ value: Double) -> String {
        String(format: value < 10 ? "%.2f" : "%.0f", value)
    }

    @Test(.enabled(if: directory != nil, "set VIGOR_BENCH_DIR to a heavy set to run the benchmark"))
    func coldAndWarmQueries() throws {
        let folder = try #require(Self.directory)
        let sources = (0..<5).map { CalendarSourceConfig(name: "s\($0)", location: .file("\(folder)/source\($0).ics")) }
        let from = Date(timeIntervalSince1970: 1_772_323_200)  // 2026-03-01T00:00Z
        let day: TimeInterval = 86_400
        let parseOnly = try milliseconds {
            _ = try CalendarService(sources: sources, settings: CalendarSettings(timeZone: "Europe/Berlin"), loop: CalendarThreads.shared).sourceStatuses()
        }
        print("bench parse only (5 files in parallel, no expansion): \(format(parseOnly)) ms")
        for days in [14, 90] {
            let length = TimeInterval(days) * day
            let calendar = try CalendarService(sources: sources, settings: CalendarSettings(timeZone: "Europe/Berlin"), loop: CalendarThreads.shared)
            var intervals = 0
            let cold = try milliseconds { intervals = try calendar.busy(from: from, to: from + length).intervals.count }
            let same = try milliseconds { _ = try calendar.busy(from: from, to: from + length) }
            // Other windows nearby (the daemon's usual moves: next day, next week, a month back).
            var nearby: [Double] = []
            for shift in [1.0, 2, 7, -30, 30, 45] {
                let start = from + shift * day
                nearby.append(try milliseconds { _ = try calendar.busy(from: start, to: start + length) })
            }
            // The daemon keeps six weeks back to twenty ahead built in the background; the same windows then.
            let horizon = milliseconds {
                for piece in PreparedHorizon.pieces(around: from) { calendar.prepare(from: piece.start, to: piece.end) }
            }
            var inHorizon: [Double] = []
            for shift in [3.0, 5, 14, -21, 21, 40] {
                let start = from + shift * day
                inHorizon.append(try milliseconds { _ = try calendar.busy(from: start, to: start + length) })
            }
            // A window a year away reaches chunks nobody expanded yet.
            let far = from + 365 * day
            let farCold = try milliseconds { _ = try calendar.busy(from: far, to: far + length) }
            let farWarm = try milliseconds { _ = try calendar.busy(from: far + day, to: far + day + length) }
            // One source changes (a new mtime): only it is parsed again.
            let touched = "\(folder)/source0.ics"
            try FileManager.default.setAttributes([.modificationDate: Date()], ofItemAtPath: touched)
            let changed = try milliseconds { _ = try calendar.busy(from: from, to: from + length) }
            print("bench \(days)d: cold \(format(cold)) ms, warm same window \(format(same)) ms, "
                  + "warm other windows max \(format(nearby.max() ?? 0)) ms (median \(format(nearby.sorted()[nearby.count / 2])) ms), "
                  + "horizon prepared in \(format(horizon)) ms, then windows in it max \(format(inHorizon.max() ?? 0)) ms "
                  + "(median \(format(inHorizon.sorted()[inHorizon.count / 2])) ms), "
                  + "far new window \(format(farCold)) ms then \(format(farWarm)) ms, "
                  + "one source changed \(format(changed)) ms, "
                  + "\(intervals) merged intervals, parses \(calendar.parseCount)")
            #expect(calendar.parseCount == 6)
        }
        print("bench peak memory (VmHWM, whole test process): \(try peakMemory())")
    }
}
