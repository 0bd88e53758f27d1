import Foundation

/// Parsed files keyed by path and (mtime, size): a file is parsed again only when it changed.
/// Files that need parsing are parsed side by side (libical parsing is per-thread safe).
struct ParsedFileCache {
    private struct Entry {
        var fingerprint: FileFingerprint
        var result: Result<ParsedFile, CalendarError>
    }

    private var entries: [String: Entry] = [:]
    /// How many file parses ran since creation (tests check that warm queries parse nothing).
    private(set) var parseCount = 0
    /// Changes whenever any answer of `results(for:)` may differ from the previous one.
    private(set) var generation = 0

    /// Current results for `paths`, parsing only new or changed files. With `forgetOthers`
    /// (`paths` are all configured files), files not in `paths` are dropped; a query for one
    /// source passes false so the other sources stay parsed.
    mutating func results(
        for paths: [String], forgetOthers: Bool = true, loop: any ParallelLoop
    ) -> [String: Result<ParsedFile, CalendarError>] {
        var output: [String: Result<ParsedFile, CalendarError>] = [:]
        var stale: [(path: String, fingerprint: FileFingerprint)] = []
        for path in Set(paths) {
            guard let fingerprint = FileFingerprint.of(path) else {
                entries[path] = nil
                generation += 1
                let reason = FileManager.default.fileExists(atPath: path) ? "cannot stat" : "no such file"
                output[path] = .failure(.unreadable(path: path, reason: reason))
                continue
            }
            if let entry = entries[path], entry.fingerprint == fingerprint {
                output[path] = entry.result
            } else {
                stale.append((path, fingerprint))
            }
        }
        let stalePaths = stale.map(\.path)
        let parsed = loop.map(count: stalePaths.count) { index in ICSFileReader.read(path: stalePaths[index]) }
        for (index, item) in stale.enumerated() {
            entries[item.path] = Entry(fingerprint: item.fingerprint, result: parsed[index])
            output[item.path] = parsed[index]
        }
        parseCount += stale.count
        let wanted = Set(paths)
        let before = entries.count
        if forgetOthers {
            entries = entries.filter { wanted.contains($0.key) }
        }
        if !stale.isEmpty || entries.count != before {
            generation += 1
        }
        return output
    }
}
