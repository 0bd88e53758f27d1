/// Why the state database could not be used, with what the user can do about it.
/// The daemon never deletes or resets a database on any of these.
public enum StoreError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The file exists but is not a healthy SQLite database.
    case corrupt(path: String, detail: String)
    /// The file was written by a newer vigord whose migrations this binary does not know.
    case newerSchema(path: String, unknownMigrations: [String])
    /// The file or its folder cannot be opened or created.
    case cannotOpen(path: String, detail: String)
    /// A statement failed on a healthy database.
    case failed(operation: String, detail: String)

    public var description: String {
        switch self {
        case .corrupt(let path, let detail):
            "the state database \(path) is damaged (\(detail)). vigord has not changed it. "
                + "To recover: stop vigord, keep a copy (cp \(path) \(path).broken), then either restore a backup, "
                + "try `sqlite3 \(path).broken .recover | sqlite3 \(path).recovered` and move the result into place, "
                + "or move the file aside to start with empty state."
        case .newerSchema(let path, let unknown):
            "the state database \(path) was written by a newer vigord (unknown migrations: "
                + "\(unknown.joined(separator: ", "))). Install that version again, or move the file aside to start fresh; "
                + "this vigord will not touch it."
        case .cannotOpen(let path, let detail):
            "cannot open the state database \(path): \(detail)"
        case .failed(let operation, let detail):
            "the state database failed to \(operation): \(detail)"
        }
    }
}
