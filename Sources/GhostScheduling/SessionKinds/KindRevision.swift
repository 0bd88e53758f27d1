import CivilCalendar
import Foundation
import GhostEngine

/// The coming blocks whose kind the profile now rules out (an injury or equipment changed since they were planned),
/// each with the kind it becomes under the kind rule (`SessionKindChoice`), or none when every kind is ruled out. A
/// block the morning changed (shorter, or a walk) keeps what the morning made of it.
/// Pure: the daemon calls it when a reload changes `[profile]`; the engine performs each as `sessionKindRevised`.
public enum KindRevision {
    /// The engine events that revise the blocks ahead of `now`, earliest first; each choice sees the ones before it, so
    /// the week keeps its variety.
    public static func events(_ ghost: Ghost, profile: TrainingProfile, now: Date) -> [GhostEvent] {
        var sessions = SessionKindChoice.sessions(of: ghost)
        var events: [GhostEvent] = []
        let ahead = ghost.blocks
            .filter { [.scheduled, .proposed].contains($0.status) && $0.start > now && $0.kind != nil && $0.transformation == nil }
            .sorted { $0.start < $1.start }
        for block in ahead {
            guard let kind = block.kind,
                  let excluded = profile.ruledOut(minutes: block.durationMinutes).first(where: { $0.kind == kind })
            else { continue }
            sessions[block.day] = nil
            let choice = SessionKindChoice.choose(on: block.day, minutes: block.durationMinutes, profile: profile, sessions: sessions)
            sessions[block.day] = choice.kind
            events.append(.sessionKindRevised(block.id, to: choice.kind, ruledOut: TrainingProfile.words([excluded]) ?? kind.rawValue))
        }
        return events
    }

    /// The week forecast with each likely session whose kind `profile` now rules out chosen again (the other days and
    /// the Ghost's blocks count for variety), or, with none open, without a session and saying why; nil when no day
    /// changes.
    public static func forecast(_ forecast: WeekForecast, ghost: Ghost, profile: TrainingProfile, minutes: Int) -> WeekForecast? {
        var revised = forecast
        var changed = false
        for index in revised.days.indices {
            guard let kind = revised.days[index].kind, let day = LocalDay(iso: revised.days[index].date),
                  profile.ruledOut(minutes: minutes).contains(where: { $0.kind == kind })
            else { continue }
            var sessions = SessionKindChoice.sessions(of: ghost)
            for other in revised.days where other.date != revised.days[index].date {
                if let otherDay = LocalDay(iso: other.date), let otherKind = other.kind { sessions[otherDay] = sessions[otherDay] ?? otherKind }
            }
            let choice = SessionKindChoice.choose(on: day, minutes: minutes, profile: profile, sessions: sessions)
            changed = true
            if let next = choice.kind {
                revised.days[index].kind = next
            } else {
                revised.days[index] = WeekForecast.Day.withoutKind(revised.days[index].date, choice)
            }
        }
        return changed ? revised : nil
    }
}
