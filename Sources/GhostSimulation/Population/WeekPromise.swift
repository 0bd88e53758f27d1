import CivilCalendar
import GhostEngine
import GhostScheduling

/// How a simulated user's training weeks kept the promise of `sessions_per_week`. A week is judged when the run covers
/// all its days, the Ghost was a Scheduler or higher on the evening before it, and every evening that planned its days
/// found room for what was asked (`WeekTally.missing` 0). Its sessions are the days with a block placed or accepted
/// (scheduled, completed or missed) or a workout on one's own.
public struct WeekPromise: Codable, Sendable, Equatable {
    /// Weeks judged.
    public var judged = 0
    /// Of those, weeks with at least the sessions asked.
    public var kept = 0
    /// Of those, weeks with more sessions than asked (a missed block replaced, or a workout on one's own beside a block).
    public var over = 0
    /// Weeks not judged because the plan stepped back to fewer sessions during them (`PlanFollowing`: sessions missed
    /// with no workout since); the Ghost asked for fewer on purpose and said why.
    public var steppedBack = 0

    /// Nothing judged.
    public init() {}

    /// Judges the weeks of `days`.
    public init(_ days: [DayRecord]) {
        let byDate = Dictionary(days.map { ($0.date, $0) }) { first, _ in first }
        let starts = Set(days.compactMap { $0.week?.firstDay })
        for start in starts.sorted() {
            let week = (0..<7).compactMap { byDate[start.adding(days: $0).description] }
            let evenings = (-1..<6).compactMap { byDate[start.adding(days: $0).description] }
            guard week.count == 7, evenings.count == 7, let before = evenings.first, before.trustPhase >= .scheduler,
                  let asked = before.week?.asked,
                  evenings.allSatisfy({ $0.week?.firstDay == start && $0.week?.missing == 0 })
            else { continue }
            if evenings.contains(where: { ($0.week?.asked ?? asked) < asked }) {
                steppedBack += 1
                continue
            }
            let sessions = week.filter { day in
                day.workout != nil || day.blocks.contains { [.scheduled, .completed, .missed].contains($0.status) }
            }.count
            judged += 1
            if sessions >= asked { kept += 1 }
            if sessions > asked { over += 1 }
        }
    }
}
