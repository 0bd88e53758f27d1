import ICalendarKit
import Foundation

/// vigord's own busy events coming back: the shadow calendar, pushed to a work calendar that vigord also reads as a
/// source. Their time is the blocks' own, so it must not count as busy (a block would otherwise flee its own shadow,
/// and the absolution would blame it on a meeting).
struct ShadowEcho: Sendable, Equatable {
    /// The summary the shadow events carry.
    var summary: String
    /// When each shadow event written last runs.
    var spans: [DateInterval]

    /// `busy` without the intervals that are nothing but shadow events: every cause carries the shadow summary and the
    /// interval lies within one of the events written.
    func removing(from busy: BusyResult) -> BusyResult {
        guard !spans.isEmpty else { return busy }
        var result = busy
        result.intervals = busy.intervals.filter { interval in
            let onlyEcho = !interval.causes.isEmpty && interval.causes.allSatisfy { $0.summary == summary }
            return !(onlyEcho && spans.contains { $0.start <= interval.start && interval.end <= $0.end })
        }
        return result
    }
}
