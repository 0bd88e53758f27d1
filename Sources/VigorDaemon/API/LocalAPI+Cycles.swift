import CivilCalendar
import Foundation
import GhostEngine
import VigorRPC

extension LocalAPI {
    /// `cycle.run`: runs a morning, evening or weekly cycle now (at most once per local date, as the timers do); with
    /// `ifDue`, only when vigord's schedule says it is due.
    func serveCycleRun(_ params: CycleRunMethod.Params) async throws -> CycleRunMethod.Result {
        let kind = params.kind
        let config = await context.state.config
        if params.ifDue == true {
            let schedule = config.schedule
            let planner = CyclePlanner(zone: schedule.zone, morning: schedule.morning, evening: schedule.evening)
            let now = context.now()
            let today = planner.calendar.day(of: now)
            guard try planner.due(at: now, ran: try await context.cycles.recentRuns(before: today)).contains(kind) else {
                return CycleOutcome(kind: kind, localDate: today.description, ran: false, summary: "not due now")
            }
        }
        return try await context.cycles.run(
            kind, now: context.now(), zone: config.schedule.zone, training: config.training, rules: config.schedulingRules,
            home: config.schedule.home)
    }

    /// `emergency.activate`: the red button; recovery time starts now, the blocks inside it are withdrawn.
    func serveEmergencyActivate(_ params: EmergencyActivateMethod.Params) async throws -> RecoveryTimeStatus {
        let minutes = params.minutes ?? 15
        guard (1...240).contains(minutes) else {
            throw APIError.invalidParams("field 'minutes' must be between 1 and 240")
        }
        let zone = await zone()
        let now = context.now()
        let open = Set(await context.ghost.current.blocks.filter { [.scheduled, .proposed].contains($0.status) }.map(\.id))
        let press = await context.ghost.pressRedButton(
            startedAt: now, endsAt: now.addingTimeInterval(Double(minutes) * 60),
            reason: "\(minutes) minutes (vigorctl crashing)")
        if let problem = press.notRecorded {
            context.failures.failed("recording a press of the red button", reason: problem)
        }
        try await publish(now: now)
        let emergency = press.emergency
        let withdrawn = await context.ghost.current.blocks.filter { open.contains($0.id) && $0.status == .removed }.map(\.id.rawValue)
        return RecoveryTimeStatus(
            active: true, startedAt: RPCTimestamp(emergency.startedAt, in: zone), endsAt: RPCTimestamp(emergency.endsAt, in: zone),
            blockFile: try await context.output.file(ofItem: CalendarContent.recoveryID(emergency)),
            notRecorded: press.notRecorded.map {
                "the state database could not record it (\($0)); the recovery time holds, and it is recorded "
                    + "the blocks inside it withdrawn once the disk allows"
            }, withdrawnBlocks: withdrawn)
    }
}
