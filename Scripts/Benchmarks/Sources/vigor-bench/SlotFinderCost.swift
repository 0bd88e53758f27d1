import ArgumentParser
import Foundation
import GhostEngine
import GhostScheduling

#if canImport(Glibc)
import Glibc
#endif

/// Plans a week of blocks against 5 000 busy intervals: the slot finder's cost, as the planning
/// thread's CPU time (best of N), so other work on the shared cores does not inflate it.
struct SlotFinderCost: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "slots", abstract: "Slot finder: a week against 5 000 busy intervals.")

    @Option(help: "Repetitions; the best is reported.") var repetitions = 20

    func run() throws {
        let berlin = LocalCalendar(timeZone: TimeZone(identifier: "Europe/Berlin") ?? .gmt)
        let monday = LocalDay(year: 2026, month: 3, day: 2)
        func busy(spreadDays: Int, shiftDays: Int) throws -> [BusyInterval] {
            var random = SplitMix64(seed: 5000)
            return try (0..<5000).map { _ in
                let day = monday.adding(days: Int(random.next() % UInt64(spreadDays)) - spreadDays / 2 + shiftDays)
                let start = try berlin.date(on: day, hour: 5 + Int(random.next() % 17), minute: Int(random.next() % 60))
                return BusyInterval(start: start, end: start.addingTimeInterval(Double(5 + random.next() % 56) * 60))
            }
        }
        let cases: [(String, [BusyInterval], TrainingSettings)] = [
            ("5 000 intervals over the year around the week", try busy(spreadDays: 365, shiftDays: 0),
             TrainingSettings(earliest: WallTime(hour: 5), latest: WallTime(hour: 23))),
            ("no busy intervals", [], TrainingSettings(earliest: WallTime(hour: 5), latest: WallTime(hour: 23))),
            ("worst case: all 5 000 inside the week", try busy(spreadDays: 7, shiftDays: 3), TrainingSettings()),
        ]
        for (name, intervals, settings) in cases {
            let finder = try SlotFinder(calendar: berlin, settings: settings)
            let request = SlotRequest(firstDay: monday, busy: intervals)
            var best = Duration.seconds(60)
            var blocks = 0
            for _ in 0..<repetitions {
                var before = timespec()
                var after = timespec()
                clock_gettime(CLOCK_THREAD_CPUTIME_ID, &before)
                blocks = try finder.planWeek(request).blocks.count
                clock_gettime(CLOCK_THREAD_CPUTIME_ID, &after)
                best = min(best, .seconds(after.tv_sec - before.tv_sec) + .nanoseconds(after.tv_nsec - before.tv_nsec))
            }
            let milliseconds = Double(best.components.attoseconds) / 1e15 + Double(best.components.seconds) * 1000
            print(String(format: "planWeek, %@: %.2f ms CPU (best of %d), %d blocks", name, milliseconds, repetitions, blocks))
        }
    }
}
