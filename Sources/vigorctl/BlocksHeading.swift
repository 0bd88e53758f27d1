import CivilCalendar
import VigorRPC

/// The first line of `vigorctl blocks`: the days the listing covers, from the window the daemon used.
enum BlocksHeading {
    /// "Blocks for today and the next 6 days, Wed 2026-11-25 to Tue 2026-12-01:" for the default window; "Blocks from
    /// Mon 2026-11-23 to Sun 2026-11-29:" for one given by local dates (the end is exclusive, so the day before it is
    /// the last); a bound with a time of day keeps it ("from Mon 2026-11-23 07:00 until Mon 2026-11-30 12:00").
    static func text(from: RPCTimestamp, to: RPCTimestamp, isDefault: Bool) -> String {
        let start = Bound(from), end = Bound(to)
        guard start.isMidnight, end.isMidnight, let first = start.day, let next = end.day else {
            return "Blocks from \(start.words) until \(end.words):"
        }
        let last = next.adding(days: -1)
        let span = first == last ? label(first) : "\(label(first)) to \(label(last))"
        let days = first.days(until: next)
        if isDefault { return "Blocks for today and the next \(days - 1) days, \(span):" }
        return first == last ? "Blocks on \(span):" : "Blocks from \(span):"
    }

    private static func label(_ day: LocalDay) -> String {
        "\(WeekdayName.label(of: day.weekday)) \(day)"
    }

    /// One end of the window as the daemon wrote it, in the user's zone.
    private struct Bound {
        let day: LocalDay?
        let clock: String
        init(_ time: RPCTimestamp) {
            let text = time.description
            day = LocalDay(iso: String(text.prefix(10)))
            clock = String(text.dropFirst(11).prefix(5))
        }
        var isMidnight: Bool { clock == "00:00" }
        var words: String {
            (day.map { BlocksHeading.label($0) } ?? "") + (isMidnight ? "" : " \(clock)")
        }
    }
}
