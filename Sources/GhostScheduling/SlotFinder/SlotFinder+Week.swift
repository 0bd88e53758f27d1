import Foundation
import GhostEngine

extension SlotFinder {
    /// Tomorrow's and the rest of the week's blocks: at most one per day, `sessionsPerWeek` minus the
    /// existing sessions, on the day set with the highest total score whose starts keep the minimum gap
    /// (ties: the earlier days). Unknown days yield proposals only.
    /// - Throws: `SchedulingError` for a horizon outside 1…`maxHorizonDays`, an invalid request or a calendar failure.
    public func planWeek(_ request: SlotRequest) throws(SchedulingError) -> WeekPlan {
        guard (1...rules.slots.maxHorizonDays).contains(request.days) else {
            throw .invalidSetting(name: "days", problem: "must be within 1…\(rules.slots.maxHorizonDays), is \(request.days)")
        }
        try request.validate()
        let busy = try timeline(request, from: request.firstDay, days: request.days)
        var candidates: [PlannedBlock] = []
        var skipped: [SkippedDay] = []
        let taken = Set(request.existingSessions.map { calendar.day(of: $0) })
        for offset in 0..<request.days {
            let day = request.firstDay.adding(days: offset)
            if let reason = availability(of: day, request: request) {
                skipped.append(SkippedDay(day: day, reason: reason))
            } else if taken.contains(day) {
                skipped.append(SkippedDay(day: day, reason: .alreadyPlanned))
            } else if let block = plannedBlock(
                from: try slots(on: day, request: request, busy: busy).sorted(by: Self.better), on: day, request: request) {
                candidates.append(block)
            } else {
                skipped.append(SkippedDay(day: day, reason: .noFreeSlot))
            }
        }
        let horizonEnd = request.firstDay.adding(days: request.days)
        let existing = request.existingSessions.filter {
            let day = calendar.day(of: $0)
            return day >= request.firstDay && day < horizonEnd
        }
        let wanted = max(0, settings.sessionsPerWeek - existing.count)
        let chosen = bestSubset(of: candidates, size: wanted, existing: request.existingSessions)
        let blocks = chosen.map { candidates[$0] }
        let notChosen = candidates.indices.filter { !chosen.contains($0) }.map {
            SkippedDay(day: candidates[$0].chosen.day, reason: .notChosen)
        }
        return WeekPlan(blocks: blocks, skippedDays: (skipped + notChosen).sorted { $0.day < $1.day })
    }

    /// Indices of the best feasible subset: largest size up to `size`, then highest total score,
    /// then lexicographically earliest indices.
    private func bestSubset(of candidates: [PlannedBlock], size: Int, existing: [Date]) -> [Int] {
        var count = min(size, candidates.count)
        while count > 0 {
            var best: (indices: [Int], total: Double)?
            for mask in 0..<(1 << candidates.count) where mask.nonzeroBitCount == count {
                let indices = candidates.indices.filter { mask & (1 << $0) != 0 }
                guard keepsGap(indices.map { candidates[$0].chosen.start } + existing) else { continue }
                let total = indices.reduce(0.0) { $0 + candidates[$1].chosen.score }
                if let current = best, total < current.total || (total == current.total && !indices.lexicographicallyPrecedes(current.indices)) {
                    continue
                }
                best = (indices, total)
            }
            if let best { return best.indices }
            count -= 1
        }
        return []
    }

    /// True when consecutive starts are at least `minHoursBetweenSessions` apart.
    func keepsGap(_ starts: [Date]) -> Bool {
        let sorted = starts.sorted()
        let gap = TimeInterval(settings.minHoursBetweenSessions * 3600)
        return zip(sorted, sorted.dropFirst()).allSatisfy { $1.timeIntervalSince($0) >= gap }
    }
}
