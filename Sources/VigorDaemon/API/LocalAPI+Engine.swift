import Foundation
import GhostEngine

extension LocalAPI {
    /// Runs an engine event through the Ghost's host: saved first, then in force.
    @discardableResult
    func perform(_ event: GhostEvent, now: Date) async throws -> [GhostEffect] {
        try await context.ghost.perform(event, at: now)
    }

    /// Writes vigord's calendar after a change; a failure is reported, the decision stays saved.
    func publish(now: Date) async throws {
        do {
            try await context.output.sync(now: now)
        } catch let error as CalendarPublishError {
            throw error
        } catch {
            throw CalendarPublishError(cause: error)
        }
    }

    /// The user's zone, from the configuration in force.
    func zone() async -> TimeZone {
        await context.state.config.schedule.zone
    }
}
