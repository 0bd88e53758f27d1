import ICalendarKit
import Dispatch
import Foundation
import Logging
import ServiceLifecycle

/// Imports every file dropped into the health inbox: those waiting at start, then each one finished
/// or moved in while vigord runs. A storage failure leaves the file where it is for the next pass.
struct InboxService: Service {
    let inbox: HealthInbox
    let backend: GhostBackend
    let now: @Sendable () -> Date
    let notifier: SystemdNotifier
    let logger: Logger

    func run() async throws {
        logger.debug("health inbox service starting", metadata: ["inbox": "\(inbox.path)"])
        let watcher: VdirWatcher
        do {
            try inbox.prepare()
            watcher = try VdirWatcher(directories: [inbox.path], events: .finishedFiles) { _, name in HealthInbox.isCandidate(name) }
            notifier.status("Serving; watching the health inbox \(inbox.path)")
            logger.info("watching the health inbox", metadata: ["inbox": "\(inbox.path)"])
            await importWaiting()
        } catch {
            logger.error("the health inbox is not watched", metadata: ["error": "\(error)"])
            return
        }
        let queue = DispatchQueue(label: "vigord.inbox-watch")
        // Sleeps until a file is finished in the inbox; shutdown wakes it.
        await cancelWhenGracefulShutdown {
            while !Task.isCancelled {
                if await watcher.change(on: queue) { await importWaiting() }
            }
        }
    }

    private func importWaiting() async {
        let names: [String]
        do {
            names = try inbox.waiting()
        } catch {
            logger.error("cannot read the health inbox", metadata: ["error": "\(error)"])
            return
        }
        for name in names {
            await importOne(name)
        }
    }

    private func importOne(_ name: String) async {
        let path = inbox.path + "/" + name
        do {
            let result = try await backend.importHealth(path: path, clock: now)
            if result.complete {
                let target = try inbox.markDone(name)
                notifier.status("Serving; imported \(name) (\(result.added) new)")
                logger.info("inbox file imported", metadata: ["file": "\(target)", "added": "\(result.added)"])
            } else {
                let target = try inbox.markFailed(name, reason: result.error ?? "stopped early")
                notifier.status("Serving; \(name) stopped part-way, see \(target).reason.txt")
            }
        } catch let error as HealthIntakeError where error.stopped {
            logger.notice("inbox file left for the next start: the import was stopped", metadata: ["file": "\(path)"])
        } catch let error as HealthIntakeError where error.storage {
            logger.error("inbox file left for the next pass: storage failed", metadata: ["file": "\(path)", "error": "\(error)"])
        } catch let error as HealthIntakeError {
            do {
                let target = try inbox.markFailed(name, reason: error.description)
                notifier.status("Serving; \(name) could not be imported, see \(target).reason.txt")
            } catch {
                logger.error("cannot move a failed inbox file", metadata: ["file": "\(path)", "error": "\(error)"])
            }
        } catch {
            logger.error("inbox file not handled", metadata: ["file": "\(path)", "error": "\(error)"])
        }
    }
}
