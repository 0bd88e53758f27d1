import Foundation

/// A failure of the ghost's own machinery that counts towards a worse health mode.
public enum GhostFailure: String, Codable, Sendable, CaseIterable {
    /// A background cycle did not run when it should have.
    case missedCycle
    /// Reading the calendar failed.
    case calendarReadFailed
    /// Writing the calendar failed.
    case calendarWriteFailed
    /// Health data is older than it should be.
    case staleData
    /// A notification could not be delivered (the desktop or the `[notify] command`).
    case notificationFailed
    /// vigord's state could not be saved for a while (a full disk): counted once per episode, when it ended.
    case storageFailed
    /// A watched health source (`[[health.source]]`) could not be read.
    case healthSourceFailed
}

/// A recorded change of ghost-health mode with the sentence shown to the user.
public struct GhostHealthChange: Codable, Sendable, Equatable {
    /// Mode before.
    public let from: GhostHealthMode
    /// Mode after.
    public let to: GhostHealthMode
    /// Human sentence for the user.
    public let sentence: String
    /// The failure that caused a worsening, nil for a recovery.
    public let cause: GhostFailure?
    /// When.
    public let at: Date
}

/// Counts failures and successes of background work and moves the ghost between health modes.
/// Worsening is immediate when a failure count is reached; while healthy only failures within `failureWindowHours` of
/// each other count together. Recovery is one mode per run of successes.
public struct GhostHealthMonitor: Codable, Sendable, Equatable {
    /// Inputs to the monitor.
    public enum Event: Sendable, Equatable {
        case failure(GhostFailure)
        case success
    }

    /// Current mode.
    public private(set) var mode: GhostHealthMode
    /// Failures counted towards the thresholds.
    public private(set) var failures: Int
    /// Consecutive successes since the last failure or recovery step.
    public private(set) var successStreak: Int
    /// The last change of mode, with the sentence the user is told (nil: never changed).
    public private(set) var lastChange: GhostHealthChange?
    /// The failures counted since the ghost was last healthy, by kind in the order they first happened; emptied when
    /// it is healthy again. Empty in a state saved before failures were kept by kind.
    public private(set) var counted: [GhostFailureCount]
    /// When the last failure was counted (nil: none yet, or a state saved before it was kept).
    public private(set) var lastFailureAt: Date?

    /// A healthy monitor.
    public init() {
        mode = .healthy
        failures = 0
        successStreak = 0
        counted = []
        lastFailureAt = nil
    }

    private enum CodingKeys: String, CodingKey {
        case mode, failures, successStreak, lastChange, counted, lastFailureAt
    }

    /// Decodes saved state; a state saved before failures were kept by kind has none.
    public init(from decoder: any Decoder) throws {
        let keys = try decoder.container(keyedBy: CodingKeys.self)
        mode = try keys.decode(GhostHealthMode.self, forKey: .mode)
        failures = try keys.decode(Int.self, forKey: .failures)
        successStreak = try keys.decode(Int.self, forKey: .successStreak)
        lastChange = try keys.decodeIfPresent(GhostHealthChange.self, forKey: .lastChange)
        counted = try keys.value(.counted, or: [])
        lastFailureAt = try keys.decodeIfPresent(Date.self, forKey: .lastFailureAt)
    }

    /// Applies one event; returns the change when the mode moved.
    public mutating func handle(_ event: Event, at moment: Moment, rules: GhostHealthRules) -> GhostHealthChange? {
        switch event {
        case .failure(let kind):
            if mode == .healthy, let last = lastFailureAt,
               moment.date.timeIntervalSince(last) > rules.failureWindowHours * 3600 {
                failures = 0
                counted = []
            }
            lastFailureAt = moment.date
            failures += 1
            successStreak = 0
            if let index = counted.firstIndex(where: { $0.kind == kind }) {
                counted[index].count += 1
                counted[index].lastAt = moment.date
            } else {
                counted.append(GhostFailureCount(kind: kind, at: moment.date))
            }
            let target = Self.mode(forFailures: failures, rules: rules)
            guard target > mode else { return nil }
            return change(to: target, cause: kind, at: moment)
        case .success:
            successStreak += 1
            guard successStreak >= rules.successesToRecover else { return nil }
            successStreak = 0
            guard let better = GhostHealthMode.allCases.last(where: { $0 < mode }) else {
                failures = 0
                counted = []
                return nil
            }
            failures = Self.entryCount(of: better, rules: rules)
            if better == .healthy { counted = [] }
            return change(to: better, cause: nil, at: moment)
        }
    }

    private mutating func change(to target: GhostHealthMode, cause: GhostFailure?, at moment: Moment) -> GhostHealthChange {
        let record = GhostHealthChange(
            from: mode, to: target, sentence: target.sentence(enteringFrom: mode), cause: cause, at: moment.date)
        mode = target
        lastChange = record
        return record
    }

    private static func mode(forFailures count: Int, rules: GhostHealthRules) -> GhostHealthMode {
        if count >= rules.suspendedAfterFailures { return .suspended }
        if count >= rules.safeModeAfterFailures { return .safeMode }
        if count >= rules.degradedAfterFailures { return .degraded }
        return .healthy
    }

    private static func entryCount(of mode: GhostHealthMode, rules: GhostHealthRules) -> Int {
        switch mode {
        case .healthy: 0
        case .degraded: rules.degradedAfterFailures
        case .safeMode: rules.safeModeAfterFailures
        case .suspended: rules.suspendedAfterFailures
        }
    }
}
