import Foundation
import Logging
import ServiceLifecycle

/// Replans after the busy picture changed, once it has been quiet for `quiet`: a file saved five times in a
/// row is read once, and a block never dances between two pictures of the week.
struct ReplanService: Service {
    let backend: GhostBackend
    let signal: ChangeSignal
    let quiet: Duration
    let clock: any Clock<Duration>
    let now: @Sendable () -> Date
    let notifier: SystemdNotifier
    let failures: FailureLog

    func run() async throws {
        await cancelWhenGracefulShutdown {
            var handled: UInt64 = 0
            while !Task.isCancelled {
                await signal.change(after: handled)
                do {
                    handled = try await settle()
                } catch {
                    return
                }
                await replan()
            }
        }
    }

    /// Waits until no change came for `quiet`; returns the count of changes the replan will see.
    private func settle() async throws -> UInt64 {
        var seen: UInt64
        repeat {
            seen = signal.changesSoFar
            try await clock.sleep(for: quiet)
        } while signal.changesSoFar != seen
        return seen
    }

    private func replan() async {
        do {
            let conflicts = try await backend.replanWeek(at: now())
            failures.succeeded("replanning after a calendar change")
            notifier.status("Serving; replanned the week (\(conflicts) conflict(s))")
        } catch {
            failures.failed("replanning after a calendar change", error: error)
        }
    }
}
