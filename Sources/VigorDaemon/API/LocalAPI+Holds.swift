import Foundation
import GhostEngine
import GhostScheduling
import VigorRPC

extension LocalAPI {
    /// `plan.hold`: the user holds a day's likely session (or the coming week's) in the calendar, or releases a day;
    /// the holds are decided again on today's picture and vigord's calendar written before the answer.
    func servePlanHold(_ params: PlanHoldMethod.Params) async throws -> WeekPlanView {
        let now = context.now()
        let config = await context.state.config
        let zone = config.schedule.zone
        let release = params.release ?? false
        let days: [LocalDay]
        do {
            days = try HoldDayName.days(params.day, after: LocalCalendar(timeZone: zone).day(of: now))
        } catch {
            throw APIError.invalidParams(error.message)
        }
        let phase = await context.ghost.current.trust.phase
        if !release && phase == .observer {
            throw RPCErrorObject(
                .engineRefused, "Refused by the engine: at Observer vigord holds no time, it only forecasts; "
                    + "vigorctl trust set scheduler lets it hold the days you say yes to",
                data: ["engineCode": .string("observer-holds-nothing")])
        }
        try await context.output.holds.consent(hold: !release, days: days, now: now)
        _ = try await context.cycles.rehold(
            now: now, zone: zone, training: config.training, rules: config.schedulingRules, home: config.schedule.home,
            hold: config.calendar.hold)
        return try await weekPlan(now: now)
    }
}
