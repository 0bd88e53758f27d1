import CivilCalendar
import Foundation
import GhostEngine

extension SlotFinder {
    /// Tomorrow's and the rest of the horizon's blocks: at most one per day, chosen per training week
    /// (`TrainingWeek`, from `settings.firstWeekday`) so that each week gets `sessionsPerWeek` counting the sessions
    /// done and already on the calendar in it (`WeekChoice` says how the days are picked). A day's candidate is its
    /// best slot at least `minHoursBetweenSessions` from every session done or on the calendar. Unknown days yield
    /// proposals only.
    /// - Throws: `SchedulingError` for a horizon outside 1…`maxHorizonDays`, an invalid request or a calendar failure.
    public func planWeek(_ request: SlotRequest) throws(SchedulingError) -> WeekPlan {
        guard (1...rules.slots.maxHorizonDays).contains(request.days) else {
            throw .invalidSetting(name: "days", problem: "must be within 1…\(rules.slots.maxHorizonDays), is \(request.days)")
        }
        try request.validate()
        let busy = try timeline(request, from: request.firstDay, days: request.days)
        let sessions = request.existingSessions + request.pastSessions
        let taken = Set(sessions.map { calendar.day(of: $0) })
        let gap = TimeInterval(settings.minHoursBetweenSessions * 3600)
        var candidates: [PlannedBlock] = []
        var skipped: [SkippedDay] = []
        for offset in 0..<request.days {
            let day = request.firstDay.adding(days: offset)
            if let reason = availability(of: day, request: request) {
                skipped.append(SkippedDay(day: day, reason: reason))
            } else if taken.contains(day) {
                skipped.append(SkippedDay(day: day, reason: .alreadyPlanned))
            } else {
                let free = try slots(on: day, request: request, busy: busy).sorted(by: Self.better)
                let keepsGap = { (slot: ScoredSlot) in sessions.allSatisfy { abs($0.timeIntervalSince(slot.start)) >= gap } }
                let apart = free.filter(keepsGap)
                if var block = plannedBlock(from: apart, on: day, request: request) {
                    block.weekendMorning = try weekendMorningEvidence(
                        on: day, chosen: block.chosen, request: request, busy: busy, allowed: keepsGap)
                    candidates.append(block)
                } else {
                    skipped.append(SkippedDay(day: day, reason: free.isEmpty ? .noFreeSlot : .tooClose))
                }
            }
        }
        var blocks: [PlannedBlock] = []
        var weeks: [WeekTally] = []
        let lastDay = request.firstDay.adding(days: request.days - 1)
        var weekStart = TrainingWeek.start(of: request.firstDay, firstWeekday: settings.firstWeekday)
        while weekStart <= lastDay {
            let weekEnd = weekStart.adding(days: 7)
            let inWeek = { (day: LocalDay) in day >= weekStart && day < weekEnd }
            let counted = Set(sessions.map { calendar.day(of: $0) }.filter(inWeek)).count
            let missedDays = Set(request.missedSessions.map { calendar.day(of: $0) }.filter(inWeek))
            let pastDays = Set(request.pastSessions.map { calendar.day(of: $0) }.filter(inWeek))
            let weekCandidates = candidates.filter { inWeek($0.chosen.day) }
            let choice = WeekChoice(
                candidates: weekCandidates.map { WeekChoice.Candidate(day: $0.chosen.day, start: $0.chosen.start, score: $0.chosen.score) },
                wanted: max(0, settings.sessionsPerWeek - counted), otherStarts: sessions + blocks.map(\.chosen.start),
                sessionDays: taken.union(blocks.map(\.chosen.day)), held: Set(request.heldDays), released: Set(request.releasedDays),
                minimumGap: gap)
            let chosen = choice.choose()
            blocks += chosen.map { weekCandidates[$0] }
            let tally = WeekTally(
                firstDay: weekStart, asked: settings.sessionsPerWeek, counted: counted, chosen: chosen.count,
                done: pastDays.subtracting(missedDays).count, missed: pastDays.intersection(missedDays).count)
            weeks.append(tally)
            skipped += weekCandidates.indices.filter { !chosen.contains($0) }.map {
                SkippedDay(day: weekCandidates[$0].chosen.day, reason: tally.missing > 0 ? .tooClose : .notChosen)
            }
            weekStart = weekEnd
        }
        return WeekPlan(blocks: blocks, skippedDays: skipped.sorted { $0.day < $1.day }, weeks: weeks)
    }

    /// True when consecutive starts are at least `minHoursBetweenSessions` apart.
    func keepsGap(_ starts: [Date]) -> Bool {
        let sorted = starts.sorted()
        let gap = TimeInterval(settings.minHoursBetweenSessions * 3600)
        return zip(sorted, sorted.dropFirst()).allSatisfy { $1.timeIntervalSince($0) >= gap }
    }
}
