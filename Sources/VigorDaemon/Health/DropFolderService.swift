import ICalendarKit
import Dispatch
import Foundation
import Logging
import ServiceLifecycle

/// Imports every file dropped into the health drop folder: those waiting at start, then each one finished
/// or moved in while vigord runs. A storage failure leaves the file where it is for the next pass.
struct DropFolderService: Service {
    let folder: HealthDropFolder
    let backend: GhostBackend
    let now: @Sendable () -> Date
    let notifier: SystemdNotifier
    let logger: Logger

    func run() async throws {
        logger.debug("health drop folder service starting", metadata: ["folder": "\(folder.path)"])
        let watcher: VdirWatcher
        do {
            try folder.prepare()
            watcher = try VdirWatcher(directories: [folder.path], events: .finishedFiles) { _, name in HealthDropFolder.isCandidate(name) }
            notifier.status("Serving; watching the health drop folder \(folder.path)")
            logger.info("watching the health drop folder", metadata: ["folder": "\(folder.path)"])
            await importWaiting()
        } catch {
            logger.error("the health drop folder is not watched", metadata: ["error": "\(error)"])
            return
        }
        let queue = DispatchQueue(label: "vigord.drop-folder-watch")
        // Sleeps until a file is finished in the drop folder; shutdown wakes it.
        await cancelWhenGracefulShutdown {
            while !Task.isCancelled {
                if await watcher.change(on: queue) { await importWaiting() }
            }
        }
    }

    private func importWaiting() async {
        let names: [String]
        do {
            names = try folder.waiting()
        } catch {
            logger.error("cannot read the health drop folder", metadata: ["error": "\(error)"])
            return
        }
        for name in names {
            await importOne(name)
        }
    }

    private func importOne(_ name: String) async {
        let path = folder.path + "/" + name
        do {
            let result = try await backend.importHealth(path: path, clock: now)
            if result.complete {
                let target = try folder.markDone(name)
                notifier.status("Serving; imported \(name) (\(result.added) new)")
                logger.info("inbox file imported", metadata: ["file": "\(target)", "added": "\(result.added)"])
            } else {
                let target = try folder.markFailed(name, reason: result.error ?? "stopped early")
                notifier.status("Serving; \(name) stopped part-way, see \(target).reason.txt")
            }
        } catch let error as HealthIntakeError where error.stopped {
            logger.notice("inbox file left for the next start: the import was stopped", metadata: ["file": "\(path)"])
        } catch let error as HealthIntakeError where error.storage {
            logger.error("inbox file left for the next pass: storage failed", metadata: ["file": "\(path)", "error": "\(error)"])
        } catch let error as HealthIntakeError {
            do {
                let target = try folder.markFailed(name, reason: error.description)
                notifier.status("Serving; \(name) could not be imported, see \(target).reason.txt")
            } catch {
                logger.error("cannot move a failed inbox file", metadata: ["file": "\(path)", "error": "\(error)"])
            }
        } catch {
            logger.error("inbox file not handled", metadata: ["file": "\(path)", "error": "\(error)"])
        }
    }
}
