import Foundation

/// Runs a population: users drawn from profiles, each simulated by the caller's `simulate` (the real planner and
/// engine over the user's scenario, calendars included), and the seed's metrics over their outcomes.
public enum Population {
    /// Draws `users` users for `days` days with `seed`, runs each one and reports. Same profiles and seed, same report.
    /// - Throws: what `simulate` throws, with the user named.
    public static func run(
        profiles: PopulationProfiles, users: Int, days: Int, seed: UInt64, simulate: (Scenario) throws -> Trajectory
    ) throws -> PopulationReport {
        var outcomes: [UserOutcome] = []
        outcomes.reserveCapacity(users)
        for index in stride(from: 1, through: users, by: 1) {
            let user = profiles.user(index, days: days, seed: seed)
            do {
                outcomes.append(UserOutcome(try simulate(user.scenario)))
            } catch {
                throw PopulationError(user: user, problem: "\(error)")
            }
        }
        return PopulationReport(outcomes: outcomes, days: days, seed: seed, model: profiles.model?.name)
    }
}

/// A population user who could not be simulated, named with what they were drawn as.
public struct PopulationError: Error, CustomStringConvertible {
    public let user: PopulationUser
    public let problem: String

    public var description: String {
        "user \(user.index) (\(user.calendar.rawValue) calendar, \(user.attendance), \(user.wearable), \(user.answering)): \(problem)"
    }
}
