import Dispatch
import Foundation
import Logging
import ServiceLifecycle

/// Hands the user's edits of vigord's calendar to the Ghost: a rescan at start (edits made while
/// the daemon was down), then inotify on the collection folder while it runs.
struct EditWatchService: Service {
    let output: CalendarOutput
    let now: @Sendable () -> Date
    let logger: Logger

    func run() async throws {
        do {
            try await output.learnEdits(now: now())
        } catch {
            logger.error("could not read vigord's calendar for edits", metadata: ["error": "\(error)"])
        }
        let watcher = try await output.makeWatcher()
        let queue = DispatchQueue(label: "vigord.edit-watch")
        while !Task.isShuttingDownGracefully && !Task.isCancelled {
            // Wait up to a second for the folder to change, off the async pool.
            let changed = await withCheckedContinuation { continuation in
                queue.async { continuation.resume(returning: watcher.waitForChange(timeoutMilliseconds: 1000)) }
            }
            guard changed else { continue }
            do {
                try await output.learnEdits(now: now())
            } catch {
                logger.error("could not read vigord's calendar for edits", metadata: ["error": "\(error)"])
            }
        }
    }
}
