import CivilCalendar
import Foundation
import GhostEngine
import GhostScheduling
import VigorRPC

extension LocalAPI {
    /// `plan.hold`: the user holds a day's likely session (or the coming week's) in the calendar, or releases a day
    /// (`GhostBackend.hold`).
    func servePlanHold(_ params: PlanHoldMethod.Params) async throws -> WeekPlanView {
        let now = context.now()
        let zone = await backend.zone()
        let days: [LocalDay]
        do {
            days = try HoldDayName.days(params.day, after: LocalCalendar(timeZone: zone).day(of: now))
        } catch {
            throw APIError.invalidParams(error.message)
        }
        let wholeWeek = params.day.trimmingCharacters(in: .whitespaces).lowercased() == HoldDayName.wholeWeek
        return WeekPlanView(try await backend.hold(days: days, release: params.release ?? false, wholeWeek: wholeWeek, at: now))
    }
}

extension LocalAPI {
    /// `plan.sessions`: the user's yes to the weekly receipt's suggestion (`GhostBackend.agreeSessions`).
    func servePlanSessions(_ params: PlanSessionsMethod.Params) async throws -> PlanSessionsView {
        let answer = try await backend.agreeSessions(params.count, at: context.now())
        return PlanSessionsView(sessionsPerWeek: answer.sessionsPerWeek, asked: answer.asked, most: answer.most, sentence: answer.sentence)
    }
}
