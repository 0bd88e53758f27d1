import Foundation
import Synchronization

/// Runs a population: users drawn from profiles, each simulated by the caller's `simulate` (the real planner and
/// engine over the user's scenario, calendars included), and the seed's metrics over their outcomes.
public enum Population {
    /// Draws `users` users for `days` days with `seed`, runs each one and reports. Same profiles and seed, same report:
    /// the users are independent (each draws from its own generator), so they run on every core at once and their
    /// outcomes are then read in the users' order.
    /// - Throws: what `simulate` throws for the first user (in order) it failed for, with the user named.
    public static func run(
        profiles: PopulationProfiles, users: Int, days: Int, seed: UInt64, simulate: @Sendable (Scenario) throws -> Trajectory
    ) throws -> PopulationReport {
        let results = Mutex<[Int: Result<UserOutcome, PopulationError>]>([:])
        DispatchQueue.concurrentPerform(iterations: max(users, 0)) { offset in
            let user = profiles.user(offset + 1, days: days, seed: seed)
            let result: Result<UserOutcome, PopulationError>
            do {
                result = .success(UserOutcome(try simulate(user.scenario)))
            } catch {
                result = .failure(PopulationError(user: user, problem: "\(error)"))
            }
            results.withLock { $0[offset] = result }
        }
        let finished = results.withLock { $0 }
        var outcomes: [UserOutcome] = []
        outcomes.reserveCapacity(users)
        for offset in 0..<max(users, 0) {
            guard let result = finished[offset] else { continue }
            outcomes.append(try result.get())
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
