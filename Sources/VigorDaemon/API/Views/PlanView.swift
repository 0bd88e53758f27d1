import CivilCalendar
import Foundation
import GhostEngine
import Store
import VigorRPC

extension BlockView {
    /// The API's view of an engine block, times in the user's zone.
    init(_ block: ScheduledBlock, zone: TimeZone) {
        self.init(
            id: block.id.rawValue, start: RPCTimestamp(block.start, in: zone), end: RPCTimestamp(block.end, in: zone),
            origin: block.origin.rawValue, status: block.status.rawValue,
            transformation: block.transformation.map {
                TransformationView(rule: $0.rule, originalMinutes: $0.originalDurationMinutes, removed: $0.removedBlock, answer: $0.answer?.rawValue)
            },
            proposedMove: block.proposedMove.map { RPCTimestamp($0, in: zone) }, kind: block.currentKind)
    }
}

extension PlanStatus {
    /// How long the breaker's apology stays in `status`.
    static let apologyDays = 7

    /// The plan part of `status`: blocks of today and tomorrow (local, with those the Ghost removed
    /// while they can still be reverted), proposals, the triage question, and the apology if the
    /// breaker fired lately.
    init(ghost: Ghost, zone: TimeZone, now: Date, lastBreakerFiredAt: Date?) {
        let today = ghost.calendar.day(of: now)
        let tomorrow = today.adding(days: 1)
        let visible: [ScheduledBlock.Status] = [.scheduled, .proposed, .completed, .missed]
        func blocks(on day: LocalDay) -> [BlockView] {
            ghost.blocks.filter { block in
                block.day == day && (visible.contains(block.status) || block.status == .removed && block.transformation?.answer == nil)
            }.map { BlockView($0, zone: zone) }
        }
        let recent = lastBreakerFiredAt.map { now.timeIntervalSince($0) < Double(Self.apologyDays) * 86_400 } ?? false
        self.init(
            today: blocks(on: today), tomorrow: blocks(on: tomorrow),
            proposals: ghost.blocks.filter { ($0.status == .proposed || $0.proposedMove != nil) && $0.end > now }
                .map { BlockView($0, zone: zone) },
            pendingTriage: ghost.triage.openQuestion.flatMap { ghost.block($0.block) }.map { [BlockView($0, zone: zone)] } ?? [],
            apology: recent ? SafetyBreaker.apology : nil)
    }
}

extension TravelStatus {
    /// The API's view of the travel ranges on `today`.
    init(_ ranges: [TravelRange], today: LocalDay) {
        self.init(
            travellingToday: ranges.contains { $0.firstDay <= today && today <= $0.lastDay },
            ranges: ranges.map { "\($0.firstDay)..\($0.lastDay)" })
    }
}
