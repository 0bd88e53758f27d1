import Foundation

/// The stretch of time the daemon keeps expanded in memory while nothing changes, so a busy query
/// anywhere in it (a week view six weeks back, a quarter ahead) answers from built chunks.
public enum PreparedHorizon {
    /// Whole weeks kept before now.
    public static let weeksBack = 6
    /// Whole weeks kept after now: a 90-day window starting up to a month ahead stays inside.
    public static let weeksAhead = 20

    /// The horizon around `now` as the 28-day chunks it touches, nearest first and the future before
    /// the past at equal distance, so a background job can build them one by one with queries in between.
    public static func pieces(around now: Date) -> [DateInterval] {
        let seconds = Int(now.timeIntervalSince1970.rounded(.down))
        let week = 7 * 86_400
        let current = FileOccurrenceIndex.chunkNumber(of: seconds)
        let first = FileOccurrenceIndex.chunkNumber(of: seconds - weeksBack * week)
        let last = FileOccurrenceIndex.chunkNumber(of: seconds + weeksAhead * week - 1)
        let numbers = (first...last).sorted { left, right in
            let (leftDistance, rightDistance) = (abs(left - current), abs(right - current))
            return leftDistance != rightDistance ? leftDistance < rightDistance : left > right
        }
        let length = FileOccurrenceIndex.chunkSeconds
        return numbers.map { number in
            DateInterval(start: Date(timeIntervalSince1970: TimeInterval(number * length)),
                         duration: TimeInterval(length))
        }
    }
}
