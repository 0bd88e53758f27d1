import ICalendarKit
import Dispatch
import Foundation
import Logging
import ServiceLifecycle

/// Hands the user's edits of vigord's calendar to the Ghost: a rescan at start (edits made while
/// the daemon was down), then inotify on the collection folder while it runs. At start it also
/// writes the calendar once, so a decision saved just before a crash reaches the vdir at once.
/// A folder it cannot watch (a file in its place, no space for the folder) never stops the daemon: the
/// failure is logged once and the watch tried again every `retryInterval`.
struct EditWatchService: Service {
    let backend: GhostBackend
    let now: @Sendable () -> Date
    let notifier: SystemdNotifier
    /// Told when the user changed a block, and once at start: blocks may have met conflicts while vigord was down.
    let replan: ChangeSignal
    let failures: FailureLog
    var retryInterval: Duration = .seconds(60)
    let logger: Logger

    func run() async throws {
        do {
            let report = try await backend.bringCalendarUpToDate(at: now())
            notifier.status("Serving; calendar up to date (\(report.written.count) written)")
            replan.changed()
        } catch {
            logger.error("could not bring vigord's calendar up to date", metadata: ["error": "\(error)"])
        }
        let queue = DispatchQueue(label: "vigord.edit-watch")
        await cancelWhenGracefulShutdown {
            while !Task.isCancelled {
                let watcher: VdirWatcher
                do {
                    watcher = try await backend.makeEditWatcher()
                    failures.succeeded("watching vigord's calendar for edits")
                } catch {
                    failures.failed("watching vigord's calendar for edits", reason: "\(error); tried again every \(retryInterval)")
                    do {
                        try await Task.sleep(for: retryInterval)
                    } catch {
                        return
                    }
                    continue
                }
                while await watcher.change(on: queue) {
                    do {
                        let edits = try await backend.learnCalendarEdits(at: now())
                        if !edits.isEmpty {
                            notifier.status("Serving; learned \(edits.count) edit(s) of vigord's calendar")
                            replan.changed()
                        }
                    } catch {
                        logger.error("could not bring vigord's calendar up to date with its folder", metadata: ["error": "\(error)"])
                    }
                }
            }
        }
    }
}
