/// What `health.import` (or the health drop folder) read: one file, or a folder file by file.
public enum HealthImportReport: Sendable {
    case file(HealthIntake.Imported)
    /// A folder's files in name order, each with what it imported or why nothing.
    case folder(path: String, files: [FolderFile])

    /// One file of a folder: what it imported, or why nothing was.
    public struct FolderFile: Sendable {
        public var name: String
        public var imported: HealthIntake.Imported?
        /// Why nothing was imported from it; nil when `imported` says what was.
        public var error: String?

        /// Whether it was read to its end.
        public var complete: Bool { imported?.complete ?? false }
    }

    /// Samples that were new, in all.
    public var added: Int {
        switch self {
        case .file(let imported): imported.added
        case .folder(_, let files): files.compactMap(\.imported).map(\.added).reduce(0, +)
        }
    }

    /// A folder's files that could not be imported, or stopped early; nil for a file.
    public var failedFiles: Int? {
        guard case .folder(_, let files) = self else { return nil }
        return files.filter { !$0.complete }.count
    }

    /// Whether everything was read to its end.
    public var complete: Bool {
        switch self {
        case .file(let imported): imported.complete
        case .folder: failedFiles == 0
        }
    }

    /// Why not everything was imported; nil when it was.
    public var error: String? {
        switch self {
        case .file(let imported): return imported.problem
        case .folder(_, let files):
            guard let failed = failedFiles, failed > 0 else { return nil }
            return "\(failed) of \(files.count) files could not be imported completely"
        }
    }
}
