import CivilCalendar
import Foundation
import GhostEngine
import GhostScheduling

extension GhostBackend {
    /// The user holds `days` (their likely sessions) in the calendar, or releases them; the holds are decided again on
    /// today's picture and vigord's calendar follows before the answer. An Observer holds nothing
    /// (`BackendError.observerHoldsNothing`); a release is taken at every phase.
    public func hold(days: [LocalDay], release: Bool, at now: Date) async throws -> WeekOutlook {
        if !release, await ghost.current.trust.phase == .observer { throw BackendError.observerHoldsNothing }
        let config = await state.config
        let before = await face(at: now)
        try await output.holds.consent(hold: !release, days: days, now: now)
        let picture = try await replanner.picture(
            now: now, zone: config.schedule.zone, training: config.training, rules: config.schedulingRules, home: config.schedule.home)
        _ = try await output.holds.decide(picture, now: now, settings: config.calendar.hold)
        try await follow(from: before, at: now)
        return try await weekOutlook(at: now)
    }
}
