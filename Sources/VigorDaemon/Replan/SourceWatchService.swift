import Calendar
import Foundation
import Logging
import ServiceLifecycle

/// Watches the folders of the configured calendar files and vdirs (inotify) and signals a replan when
/// one changes; after a reload it watches the new set.
struct SourceWatchService: Service {
    let state: DaemonState
    let signal: ReplanSignal
    let logger: Logger

    func run() async throws {
        let queue = DispatchQueue(label: "vigord.source-watch")
        var watched: [String] = []
        var watcher: VdirWatcher?
        while !Task.isShuttingDownGracefully && !Task.isCancelled {
            let folders = Self.folders(of: await state.config.calendar.sources)
            if folders != watched {
                watched = folders
                watcher = nil
                do {
                    watcher = folders.isEmpty ? nil : try VdirWatcher(directories: folders)
                } catch {
                    logger.warning("cannot watch the calendar sources; changes are seen at the next refresh", metadata: ["error": "\(error)"])
                }
            }
            guard let watcher else {
                // Nothing to watch: look at the configuration again in a second.
                do {
                    try await Task.sleep(for: .seconds(1))
                } catch {
                    return
                }
                continue
            }
            // Wait up to a second for a change, off the async pool.
            let changed = await withCheckedContinuation { continuation in
                queue.async { continuation.resume(returning: watcher.waitForChange(timeoutMilliseconds: 1000)) }
            }
            if changed { signal.changed() }
        }
    }

    /// The folders to watch: a vdir itself, or the folder holding a file. Subscriptions are not watched.
    static func folders(of sources: [CalendarSourceEntry]) -> [String] {
        let paths = sources.compactMap { entry -> String? in
            guard case .path(let path) = entry.location else { return nil }
            var isFolder: ObjCBool = false
            if FileManager.default.fileExists(atPath: path, isDirectory: &isFolder), isFolder.boolValue { return path }
            return (path as NSString).deletingLastPathComponent
        }
        return Array(Set(paths)).sorted()
    }
}
