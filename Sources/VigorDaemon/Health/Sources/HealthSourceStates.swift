import Foundation
import Synchronization

/// How each watched health source fares now, as its service last found it: whether its path is there (a watch's
/// volume comes and goes), and the failure it is in, with since when and why.
public final class HealthSourceStates: Sendable {
    public struct State: Sendable, Equatable {
        /// False while the path does not exist (a watch not plugged in, a sync folder not made yet): not a failure.
        public var present = true
        /// Why the last read failed; nil when it worked.
        public var failure: String?
        /// When the failure began.
        public var failingSince: Date?
    }

    private let states = Mutex<[String: State]>([:])

    public init() {}

    /// The state of the source named `name` (a source not read yet is present and not failing).
    public func state(of name: String) -> State {
        states.withLock { $0[name] ?? State() }
    }

    /// The source was read, or found absent: any failure it was in has ended.
    func worked(_ name: String, present: Bool) {
        states.withLock { $0[name] = State(present: present) }
    }

    /// The source failed for `reason` at `now`; the failure keeps the time it began.
    func failed(_ name: String, reason: String, at now: Date) {
        states.withLock { states in
            let since = states[name]?.failingSince ?? now
            states[name] = State(present: true, failure: reason, failingSince: since)
        }
    }
}
