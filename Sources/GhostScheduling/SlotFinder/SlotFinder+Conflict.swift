import Foundation
import GhostEngine

extension SlotFinder {
    /// Why a block starting at `blockStart` for `durationMinutes` no longer fits the week in `request`, in the
    /// user's words ("'Board meeting' now covers 07:00–08:00"); nil while it still fits. In conflict: busy time
    /// within the buffers, sacred time, a travel day. A day whose calendar could not be read is not a
    /// conflict: moving a block on no better knowledge would only make it wander.
    /// - Throws: `SchedulingError` for an invalid request or when a local time cannot be formed.
    public func conflict(blockStart: Date, durationMinutes: Int, request: SlotRequest) throws(SchedulingError) -> String? {
        try request.validate()
        let day = calendar.day(of: blockStart)
        let end = blockStart.addingTimeInterval(TimeInterval(durationMinutes * 60))
        if request.travelDays.contains(day) {
            return "\(day) is a travel day"
        }
        let before = TimeInterval(settings.bufferBeforeMinutes * 60)
        let after = TimeInterval(settings.bufferAfterMinutes * 60)
        if let busy = request.busy.filter({ $0.overlaps(from: blockStart.addingTimeInterval(-before), to: end.addingTimeInterval(after)) })
            .min(by: { $0.start < $1.start }) {
            // Every event of the merged busy time, so a party beside a dinner is not said to cover the dinner's hours.
            var named: [String] = []
            for cause in busy.causes.map({ "\($0)" }) where !named.contains(cause) { named.append(cause) }
            guard let last = named.last else { return "busy time now covers \(clock(busy.start))–\(clock(busy.end))" }
            let what = named.count == 1 ? last : named.dropLast().joined(separator: ", ") + " and " + last
            return "\(what) now \(named.count == 1 ? "covers" : "cover") \(clock(busy.start))–\(clock(busy.end))"
        }
        let sacred = try SacredTime.intervals(
            on: day, calendar: calendar, rules: rules.sacred, personalEvents: request.personalEvents,
            sacredSlots: request.sacredSlots)
        if let held = sacred.first(where: { $0.overlaps(from: blockStart, to: end) }) {
            return "\(held.reason.phrase) keeps \(clock(held.start))–\(clock(held.end)) free"
        }
        return nil
    }

    /// "07:00" in the user's zone.
    private func clock(_ date: Date) -> String {
        let local = calendar.moment(at: date)
        return String(format: "%02d:%02d", local.hour, local.minute)
    }
}

extension SacredReason {
    /// How a conflict names it.
    var phrase: String {
        switch self {
        case .weekendMorning: "the weekend morning"
        case .lunch: "lunch"
        case .personalEvent: "a protected personal event"
        case .rejectedSlot: "a slot you turned down three times"
        }
    }
}
