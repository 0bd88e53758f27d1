import Dispatch
import Foundation
import ICalendarKit
import Logging
import ServiceLifecycle
import VigorConfig

#if canImport(Glibc)
import Glibc
#endif

/// Reads every `[[health.source]]` at start and whenever one changes. An inotify watch on each source's folder (the
/// folder itself, or a file's folder) wakes it when a file is finished or moved in there (a sync tool's rename, a
/// file closed after writing). A file moved in whole is read at once; after any other change it reads once nothing
/// has changed for a second, so a file written in several goes is read whole. A pass every minute finds what a watch cannot see: a watch's volume mounted, a folder made after start.
/// A read takes only what is new (`GhostBackend.readHealthSource`) and writes nothing inside the source. A source
/// whose path is not there is waited for, not failed; one that cannot be read is one failure episode: logged when it
/// begins and when it ends, counted once in ghost health.
struct HealthSourceService: Service {
    let sources: [HealthSourceEntry]
    let backend: GhostBackend
    let failures: FailureLog
    let now: @Sendable () -> Date
    let notifier: SystemdNotifier
    let logger: Logger

    /// How often every source is looked at without a wake-up.
    static let passMilliseconds: Int32 = 60_000
    /// How long a source must stay unchanged after a wake-up before it is read.
    static let settleMilliseconds: Int32 = 1_000

    func run() async throws {
        guard !sources.isEmpty else {
            // Nothing to watch; a service that returned would stop vigord, so this one waits for the shutdown.
            do {
                try await gracefulShutdown()
            } catch {
                // Cancelled: the shutdown itself.
            }
            return
        }
        let queue = DispatchQueue(label: "vigord.health-source-watch")
        await cancelWhenGracefulShutdown {
            // The watch is set before each read, so nothing that lands during a read goes unseen.
            var plan = HealthSourceWatchPlan(sources: sources, isFolder: HealthIntake.isFolder)
            var watcher = watch(plan)
            await readAll()
            // Said once every source was looked at: until then `health.sources` cannot tell whether a path is there.
            logger.info("watching the health sources", metadata: ["sources": "\(sources.map(\.name))"])
            notifier.status("Serving; watching \(sources.count) health source\(sources.count == 1 ? "" : "s")")
            while !Task.isCancelled {
                if let watcher {
                    // A file moved in whole (a sync tool's rename) is read at once; one written in place once it is quiet.
                    if await watcher.wakeUp(on: queue, timeoutMilliseconds: Self.passMilliseconds) == .changed(onlyMovedIn: false) {
                        while await watcher.change(on: queue, timeoutMilliseconds: Self.settleMilliseconds), !Task.isCancelled {}
                    }
                } else {
                    do {
                        try await Task.sleep(for: .milliseconds(Int(Self.passMilliseconds)))
                    } catch {
                        return
                    }
                }
                guard !Task.isCancelled else { return }
                let wanted = HealthSourceWatchPlan(sources: sources, isFolder: HealthIntake.isFolder)
                if wanted != plan {
                    plan = wanted
                    watcher = watch(wanted)
                }
                await readAll()
            }
        }
    }

    /// A watch on the plan's folders; nil when inotify refuses (the sources are then looked at every minute only).
    private func watch(_ plan: HealthSourceWatchPlan) -> VdirWatcher? {
        do {
            let folders = plan.folders
            return try VdirWatcher(directories: plan.watched, events: .edits) { folder, name in
                folders[folder]?.matters(name) ?? false
            }
        } catch {
            logger.warning("health sources are not watched, only looked at every minute", metadata: ["error": "\(error)"])
            return nil
        }
    }

    private func readAll() async {
        for source in sources {
            guard !Task.isCancelled else { return }
            await read(source)
        }
    }

    private func read(_ source: HealthSourceEntry) async {
        let operation = "reading the health source \(source.name)"
        let states = backend.health.sources
        var info = stat()
        guard lstat(source.path, &info) == 0 || errno != ENOENT else {
            states.worked(source.name, present: false)
            failures.succeeded(operation)
            return
        }
        do {
            let reading = try await backend.readHealthSource(source, clock: now)
            if reading.filesRead > 0 {
                logger.info("health source read", metadata: [
                    "source": "\(source.name)", "files": "\(reading.filesRead)", "added": "\(reading.added)",
                ])
                notifier.status("Serving; read the health source \(source.name) (\(reading.added) new)")
            }
            if let failure = reading.failures.first {
                let more = reading.failures.count > 1 ? " (and \(reading.failures.count - 1) more)" : ""
                await failed(source, operation: operation, reason: failure + more)
            } else {
                states.worked(source.name, present: true)
                failures.succeeded(operation)
            }
        } catch let error as HealthIntakeError where error.stopped {
            return
        } catch {
            if FailureLog.storageReason(error) != nil {
                failures.failed(operation, error: error)
            } else {
                await failed(source, operation: operation, reason: "\(error)")
            }
        }
    }

    private func failed(_ source: HealthSourceEntry, operation: String, reason: String) async {
        let at = now()
        backend.health.sources.failed(source.name, reason: reason, at: at)
        if failures.failed(operation, reason: reason) {
            notifier.status("Serving; the health source \(source.name) fails: \(reason)")
            await backend.countFailure(.healthSourceFailed, at: at)
        }
    }
}
