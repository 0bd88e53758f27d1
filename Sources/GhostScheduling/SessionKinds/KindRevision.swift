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
}
