import ICalendarKit
import Dispatch
import Foundation
import Logging
import ServiceLifecycle
import VigorConfig

/// Watches the folders of the configured calendar files and vdirs (inotify) and signals a replan when
/// one changes; after a reload it watches the new set and signals a replan too (sources, zone or training
/// may have changed). It sleeps until one of the two happens.
struct SourceWatchService: Service {
    let state: DaemonState
    let signal: ChangeSignal
    let logger: Logger
    /// Signalled each time a new set of folders is watched (at start and after a reload that changed it).
    var watching = ChangeSignal()

    private enum Wake { case sourcesChanged, reloaded, stopped }

    func run() async throws {
        let queue = DispatchQueue(label: "vigord.source-watch")
        await cancelWhenGracefulShutdown {
            var watched: [String]?
            var watcher: VdirWatcher?
            while !Task.isCancelled {
                let reloads = state.reloaded.changesSoFar
                let sources = await state.config.calendar.sources
                let folders = Self.folders(of: sources)
                if folders != watched {
                    watched = folders
                    watcher = nil
                    do {
                        let names = Self.watchedNames(of: sources)
                        watcher = folders.isEmpty ? nil : try VdirWatcher(directories: folders) { folder, name in
                            names[folder].map { $0.contains(name) } ?? VdirWatcher.calendarItems(folder, name)
                        }
                    } catch {
                        logger.warning("cannot watch the calendar sources; changes are seen at the next refresh", metadata: ["error": "\(error)"])
                    }
                    watching.changed()
                }
                switch await Self.next(watcher: watcher, queue: queue, reloaded: state.reloaded, seen: reloads) {
                case .sourcesChanged, .reloaded: signal.changed()
                case .stopped: return
                }
            }
        }
    }

    /// The first of: a watched folder changed, the configuration was reloaded, the task was cancelled.
    private static func next(watcher: VdirWatcher?, queue: DispatchQueue, reloaded: ChangeSignal, seen: UInt64) async -> Wake {
        await withTaskGroup(of: Wake.self) { group in
            if let watcher {
                group.addTask { await watcher.change(on: queue) ? .sourcesChanged : .stopped }
            }
            group.addTask {
                await reloaded.change(after: seen)
                return .reloaded
            }
            let first = await group.next() ?? .stopped
            group.cancelAll()
            return Task.isCancelled ? .stopped : first
        }
    }

    /// For each folder holding calendar files (not vdirs), the names of those files: only they count there. A
    /// folder that is also a vdir counts every `.ics` item.
    static func watchedNames(of sources: [CalendarSourceEntry]) -> [String: Set<String>] {
        var names: [String: Set<String>] = [:]
        var vdirs: Set<String> = []
        for entry in sources {
            guard case .path(let path) = entry.location else { continue }
            var isFolder: ObjCBool = false
            if FileManager.default.fileExists(atPath: path, isDirectory: &isFolder), isFolder.boolValue {
                vdirs.insert(path)
            } else {
                names[(path as NSString).deletingLastPathComponent, default: []].insert((path as NSString).lastPathComponent)
            }
        }
        return names.filter { !vdirs.contains($0.key) }
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
