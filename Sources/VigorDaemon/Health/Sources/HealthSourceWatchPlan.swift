import VigorConfig

/// Which folders the health sources' watch covers, and which names in each wake it: a source folder (or a file source's
/// folder) for its finished files; and every existing folder above a source for the one name on the way down to it,
/// so a source that appears (a watch's volume mounted, a folder made or renamed into place) wakes the watch at once.
/// Worked out again after every pass: a source that appeared gets its own folder watched, one that went is dropped.
struct HealthSourceWatchPlan: Equatable {
    /// What in a folder wakes the watch.
    struct Interest: Equatable {
        /// Any finished file (a source's own folder).
        var files = false
        /// These names only (the next folder on the way to a source).
        var names: Set<String> = []

        func matters(_ name: String) -> Bool {
            names.contains(name) || (files && (HealthSourceListing.isFinished(name) || name.hasSuffix("-wal")))
        }
    }

    private(set) var folders: [String: Interest] = [:]

    /// `isFolder` says whether a path is an existing folder (the file system, or a test's picture of one).
    init(sources: [HealthSourceEntry], isFolder: (String) -> Bool) {
        for source in sources {
            let path = Self.normalised(source.path)
            let own = isFolder(path) ? path : Self.parent(of: path)
            if isFolder(own) { folders[own, default: Interest()].files = true }
            var child = path
            var folder = Self.parent(of: child)
            while folder != child {
                if isFolder(folder), let name = child.split(separator: "/").last {
                    folders[folder, default: Interest()].names.insert(String(name))
                }
                child = folder
                folder = Self.parent(of: child)
            }
        }
    }

    /// The folders, in order.
    var watched: [String] { folders.keys.sorted() }

    private static func normalised(_ path: String) -> String {
        path.count > 1 && path.hasSuffix("/") ? String(path.dropLast()) : path
    }

    private static func parent(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return path }
        return slash == path.startIndex ? "/" : String(path[..<slash])
    }
}
