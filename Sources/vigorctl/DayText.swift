import CivilCalendar
import VigorRPC

/// How vigorctl names a day and a block in a sentence: "Wed 9 Dec", "the run on Wed 9 Dec at 07:00". A block's id
/// stays the argument a command takes (`vigorctl accept b2`); a sentence names the block as the user knows it.
enum DayText {
    /// "Wed 9 Dec".
    static func label(_ day: LocalDay) -> String {
        day.label
    }

    /// "Wed 9 Dec" of a `YYYY-MM-DD` date; the text itself when it is not one.
    static func label(iso text: String) -> String {
        LocalDay(iso: text).map(label) ?? text
    }

    /// "Wed 9 Dec" of a time, on the day of the offset it carries (the user's zone).
    static func label(_ time: RPCTimestamp) -> String {
        label(iso: String(time.description.prefix(10)))
    }

    /// "Wed 9 Dec 07:00" in the time's own offset.
    static func moment(_ time: RPCTimestamp) -> String {
        "\(label(time)) \(PlanText.clock(time))"
    }
}

enum BlockName {
    /// "the run on Wed 9 Dec at 07:00" ("the block on …" for a block placed before sessions had kinds).
    static func phrase(_ block: BlockView) -> String {
        "\(noun(block)) on \(DayText.label(block.start)) at \(PlanText.clock(block.start))"
    }

    /// "the run", "the strength training", "the block".
    static func noun(_ block: BlockView) -> String {
        "the " + (block.kind.map { $0.title.lowercased() } ?? "block")
    }
}
