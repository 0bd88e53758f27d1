import Foundation
import GhostEngine
import VigorRPC

extension WorkoutLogResult {
    /// The API's view of what a workout intent did, times in the user's zone.
    init(_ outcome: WorkoutOutcome, zone: TimeZone, now: Date) {
        self.init(
            workout: outcome.workout, start: RPCTimestamp(outcome.start, in: zone).description,
            end: RPCTimestamp(outcome.end, in: zone).description, block: outcome.block?.rawValue, counted: outcome.counted,
            countedAs: outcome.countedAs, ghost: GhostStatus(outcome.ghost, now: now),
            activity: GhostMessages.activityNoun(outcome.ghost.workouts.first { $0.id == outcome.workout }?.activity))
    }
}
