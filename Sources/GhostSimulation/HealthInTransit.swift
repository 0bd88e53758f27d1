import CivilCalendar
import Foundation
import GhostEngine

/// What the simulated device recorded and vigord has not read yet: each record with the delivery that brings it
/// (`HealthDelivery.arrival`), grouped into one parcel per delivery, earliest first.
struct HealthInTransit {
    /// The records one delivery brings.
    struct Parcel {
        /// When the delivery lands (the phone's export synced, the watch plugged in).
        let arrival: Date
        /// Readings and workout records, in the order the device handed them over.
        var samples: [HealthSample]
        /// The workouts among them, as vigord's import reports them to the engine.
        var workouts: [WorkoutReport]
    }

    private(set) var parcels: [Parcel] = []

    /// Adds `sample` (with its workout report, if it is a workout) to the delivery landing at `arrival`.
    mutating func add(_ sample: HealthSample, workout: WorkoutReport? = nil, arriving arrival: Date) {
        if let index = parcels.firstIndex(where: { $0.arrival == arrival }) {
            parcels[index].samples.append(sample)
            if let workout { parcels[index].workouts.append(workout) }
            return
        }
        let parcel = Parcel(arrival: arrival, samples: [sample], workouts: workout.map { [$0] } ?? [])
        parcels.insert(parcel, at: parcels.firstIndex { $0.arrival > arrival } ?? parcels.endIndex)
    }

    /// Takes the earliest delivery landing at or before `date`, if any.
    mutating func takeNext(landingBy date: Date) -> Parcel? {
        guard let first = parcels.first, first.arrival <= date else { return nil }
        return parcels.removeFirst()
    }
}
