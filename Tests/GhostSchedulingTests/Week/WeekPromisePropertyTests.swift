import CivilCalendar
import Foundation
import GhostEngine
import GhostScheduling
import Testing

/// Fifty-two generated weeks of varied calendars, each planned from a day inside it with sessions already done and
/// days held: the week gets what was asked whenever its free time allows, never more; the gap is kept; held days are
/// kept while they fit; no third day running while another choice of as many days avoids it; the best total score
/// wins and ties go to the earliest days. The best is found here by trying every subset of the week's candidate days.
@Suite struct WeekPromisePropertyTests {
    private struct Case {
        var settings: TrainingSettings
        var request: SlotRequest
    }

    private func generate(_ random: inout SplitMix64, monday: LocalDay) throws -> Case {
        func pick(_ range: ClosedRange<Int>) -> Int { range.lowerBound + Int(random.next() % UInt64(range.count)) }
        let from = pick(0...6)
        var busy: [BusyInterval] = []
        for offset in 0..<14 {
            for _ in 0..<pick(0...7) {
                let start = try Week.berlin.date(on: monday.adding(days: offset), hour: pick(5...20), minute: [0, 15, 30, 45][pick(0...3)])
                busy.append(BusyInterval(start: start, end: start.addingTimeInterval(Double(pick(15...240) * 60))))
            }
        }
        let done = try (0..<from).filter { _ in pick(0...2) == 0 }.map {
            try Week.berlin.date(on: monday.adding(days: $0), hour: pick(6...19), minute: 0)
        }
        let held = (from..<7).filter { _ in pick(0...4) == 0 }.map { monday.adding(days: $0) }
        let settings = TrainingSettings(
            sessionsPerWeek: pick(1...6), durationMinutes: [30, 45, 60][pick(0...2)],
            preferredWindows: [TimeWindow(from: TimeOfDay(hour: pick(6...8), minute: 30), to: TimeOfDay(hour: pick(9...20)))],
            earliest: TimeOfDay(hour: pick(5...7)), latest: TimeOfDay(hour: pick(19...22)),
            restDays: pick(0...2) == 0 ? [pick(1...7)] : [], minHoursBetweenSessions: [0, 12, 16, 20, 30][pick(0...4)])
        let request = SlotRequest(firstDay: monday.adding(days: from), days: 7, busy: busy, pastSessions: done, heldDays: held)
        return Case(settings: settings, request: request)
    }

    /// Each candidate day of the first training week, with the slot the planner takes there: its best slot at least the
    /// gap from every done session.
    private func candidates(_ item: Case, finder: SlotFinder, weekEnd: LocalDay) throws -> [ScoredSlot] {
        let gap = Double(item.settings.minHoursBetweenSessions * 3600)
        let doneDays = Set(item.request.pastSessions.map { Week.berlin.day(of: $0) })
        var found: [ScoredSlot] = []
        var day = item.request.firstDay
        while day < weekEnd {
            if !doneDays.contains(day), let slot = try finder.feasibleSlots(on: day, request: item.request).first(where: { slot in
                item.request.pastSessions.allSatisfy { abs($0.timeIntervalSince(slot.start)) >= gap }
            }) {
                found.append(slot)
            }
            day = day.adding(days: 1)
        }
        return found
    }

    private struct Ranked {
        var days: [LocalDay]
        var held: Int
        var runsThreeDays: Bool
        var score: Double
    }

    private func rank(_ slots: [ScoredSlot], item: Case) -> Ranked {
        let days = slots.map(\.day)
        let all = Set(days + item.request.pastSessions.map { Week.berlin.day(of: $0) })
        let running = all.filter { all.contains($0.adding(days: -1)) }
        return Ranked(
            days: days, held: days.filter(item.request.heldDays.contains).count,
            runsThreeDays: running.contains { all.contains($0.adding(days: -2)) },
            score: slots.reduce(0) { $0 + $1.score } - 0.05 * Double(running.count))
    }

    @Test func fiftyTwoWeeksKeepThePromise() throws {
        var random = SplitMix64(seed: 52)
        var weeksCompared = 0
        var weeksShort = 0
        for week in 0..<52 {
            let monday = LocalDay(year: 2026, month: 1, day: 5).adding(days: 7 * week)
            let item = try generate(&random, monday: monday)
            let finder = try SlotFinder(calendar: Week.berlin, settings: item.settings)
            let plan = try finder.planWeek(item.request)
            let weekEnd = monday.adding(days: 7)
            let chosen = plan.blocks.filter { $0.chosen.day < weekEnd }.map(\.chosen)
            let counted = Set(item.request.pastSessions.map { Week.berlin.day(of: $0) }).count
            let wanted = max(0, item.settings.sessionsPerWeek - counted)
            let options = try candidates(item, finder: finder, weekEnd: weekEnd)
            let gap = Double(item.settings.minHoursBetweenSessions * 3600)
            var feasible: [Ranked] = []
            for mask in 0..<(1 << options.count) {
                let subset = options.indices.filter { mask & (1 << $0) != 0 }.map { options[$0] }
                guard subset.count <= wanted else { continue }
                let starts = subset.map(\.start)
                let apart = starts.indices.allSatisfy { index in
                    (Array(starts.prefix(index)) + item.request.pastSessions).allSatisfy { abs($0.timeIntervalSince(starts[index])) >= gap }
                }
                if apart { feasible.append(rank(subset, item: item)) }
            }
            let most = feasible.map(\.days.count).max() ?? 0
            let context = "week of \(monday), from \(item.request.firstDay), \(item.settings.sessionsPerWeek) asked, \(counted) done"
            #expect(chosen.count == most, "\(context): as many sessions as the week has room for")
            #expect(counted + chosen.count <= max(counted, item.settings.sessionsPerWeek), "\(context): never more than asked")
            let ours = rank(chosen, item: item)
            let best = feasible.filter { $0.days.count == most }
            let mostHeld = best.map(\.held).max() ?? 0
            #expect(ours.held == mostHeld, "\(context): every held day that fits is kept")
            let roomToSpread = best.contains { $0.held == mostHeld && !$0.runsThreeDays }
            #expect(!ours.runsThreeDays || !roomToSpread, "\(context): no third day running while the week has room")
            let rivals = best.filter { $0.held == mostHeld && $0.runsThreeDays == ours.runsThreeDays }
            #expect(!rivals.contains { $0.score > ours.score + 1e-9 }, "\(context): the best total score")
            #expect(!rivals.contains { abs($0.score - ours.score) <= 1e-9 && $0.days.lexicographicallyPrecedes(ours.days) },
                    "\(context): ties go to the earliest days")
            let tally = try #require(plan.weeks.first)
            if tally.missing > 0 {
                weeksShort += 1
                let dropped = plan.skippedDays.filter { $0.day < weekEnd && $0.reason == .notChosen }
                #expect(dropped.isEmpty, "\(context): no day is let go while the week is short")
            }
            weeksCompared += 1
        }
        #expect(weeksCompared == 52)
        #expect(weeksShort > 0 && weeksShort < 52, "the generated weeks include short ones and full ones (\(weeksShort) short)")
    }
}
