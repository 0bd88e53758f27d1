import CivilCalendar
import Foundation
import GhostEngine
import Testing
import GhostScheduling

/// Thousands of seeded random weeks: no block or alternative ever touches busy time plus buffers or
/// sacred time, unknown days are never autonomous, and the same inputs always give the same plan.
@Suite struct GeneratedCalendarPropertyTests {
    private struct GeneratedWeek {
        let request: SlotRequest
        let settings: TrainingSettings
    }

    private func generate(_ random: inout SplitMix64, firstDay: LocalDay) throws -> GeneratedWeek {
        func pick(_ range: ClosedRange<Int>) -> Int {
            range.lowerBound + Int(random.next() % UInt64(range.count))
        }
        var busy: [BusyInterval] = []
        for offset in 0..<7 {
            for _ in 0..<pick(0...8) {
                let day = firstDay.adding(days: offset)
                let start = try Week.berlin.date(on: day, hour: pick(5...21), minute: pick(0...59))
                busy.append(BusyInterval(start: start, end: start.addingTimeInterval(Double(pick(5...180) * 60))))
            }
        }
        let slots = (0..<pick(0...3)).map { _ in SlotKey(weekday: pick(1...7), hour: pick(6...20)) }
        let unknown = (0..<pick(0...2)).map { _ in firstDay.adding(days: pick(0...6)) }
        let family = try Week.berlin.date(on: firstDay.adding(days: pick(0...6)), hour: pick(6...20))
        let settings = TrainingSettings(
            sessionsPerWeek: pick(1...6), durationMinutes: [30, 45, 60, 90][pick(0...3)],
            preferredWindows: [TimeWindow(from: TimeOfDay(hour: pick(6...10)), to: TimeOfDay(hour: pick(11...20)))],
            earliest: TimeOfDay(hour: pick(5...8)), latest: TimeOfDay(hour: pick(19...22)),
            bufferBeforeMinutes: pick(0...20), bufferAfterMinutes: pick(0...20), restDays: [pick(1...7)],
            minHoursBetweenSessions: pick(0...40))
        let request = SlotRequest(
            firstDay: firstDay, busy: busy, unknownDays: unknown,
            personalEvents: [PersonalEvent(start: family, end: family.addingTimeInterval(3600), category: "family", isRecurring: true)],
            sacredSlots: slots)
        return GeneratedWeek(request: request, settings: settings)
    }

    private func violations(_ plan: WeekPlan, _ week: GeneratedWeek) throws -> [String] {
        let settings = week.settings
        var found: [String] = []
        var starts: [Date] = []
        for block in plan.blocks {
            starts.append(block.chosen.start)
            if week.request.unknownDays.contains(block.chosen.day), block.autonomy != .proposalOnly {
                found.append("autonomous block on unknown day \(block.chosen.day)")
            }
            let sacred = try SacredTime.intervals(
                on: block.chosen.day, calendar: Week.berlin, rules: SacredRules(),
                personalEvents: week.request.personalEvents, sacredSlots: week.request.sacredSlots)
            for slot in [block.chosen] + block.alternatives {
                let guarded = (slot.start.addingTimeInterval(Double(-settings.bufferBeforeMinutes * 60)),
                               slot.end.addingTimeInterval(Double(settings.bufferAfterMinutes * 60)))
                if week.request.busy.contains(where: { $0.overlaps(from: guarded.0, to: guarded.1) }) {
                    found.append("\(slot.day) \(slot.localStart) touches busy time or a buffer")
                }
                if sacred.contains(where: { $0.overlaps(from: slot.start, to: slot.end) }) {
                    found.append("\(slot.day) \(slot.localStart) touches sacred time")
                }
                if settings.restDays.contains(slot.slot.weekday) {
                    found.append("\(slot.day) is a rest day")
                }
            }
        }
        let sorted = starts.sorted()
        for (earlier, later) in zip(sorted, sorted.dropFirst())
        where later.timeIntervalSince(earlier) < Double(settings.minHoursBetweenSessions * 3600) {
            found.append("sessions at \(earlier) and \(later) are closer than the minimum gap")
        }
        let weeks = Dictionary(grouping: plan.blocks) { TrainingWeek.start(of: $0.chosen.day, firstWeekday: settings.firstWeekday) }
        for (first, blocks) in weeks where blocks.count > settings.sessionsPerWeek {
            found.append("\(blocks.count) blocks in the week of \(first) for \(settings.sessionsPerWeek) sessions")
        }
        return found
    }

    @Test(arguments: [LocalDay(year: 2026, month: 3, day: 2), LocalDay(year: 2026, month: 3, day: 26), LocalDay(year: 2026, month: 10, day: 22)])
    func noGeneratedWeekEverBreaksARule(firstDay: LocalDay) throws {
        var random = SplitMix64(seed: UInt64(firstDay.ordinal))
        var placed = 0
        for _ in 0..<700 {
            let week = try generate(&random, firstDay: firstDay)
            let finder = try SlotFinder(calendar: Week.berlin, settings: week.settings)
            let plan = try finder.planWeek(week.request)
            placed += plan.blocks.count
            #expect(try violations(plan, week) == [])
            #expect(try finder.planWeek(week.request) == plan)
        }
        #expect(placed > 1000, "the generator must leave room for blocks, or the property says nothing")
    }
}
