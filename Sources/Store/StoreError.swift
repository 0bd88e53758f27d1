/// Why the state database could not be used, with what the user can do about it.
/// The daemon never deletes or resets a database on any of these.
public enum StoreError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The file exists but is not a healthy SQLite database.
    case corrupt(path: String, detail: String)
    /// The file was written by a newer vigord whose migrations this binary does not know.
    case newerSchema(path: String, unknownMigrations: [String])
    /// The file or its folder cannot be opened or created.
    case cannotOpen(path: String, detail: String)
    /// The file is empty although vigord's calendar shows it had state: a crash on some filesystems
    /// leaves zero-length files, and starting fresh would delete the user's blocks.
    case emptied(path: String)
    /// A statement failed on a healthy database.
    case failed(operation: String, detail: String)
    /// A value kept as JSON (`table.column` of one row) does not read as what it should be: written by another vigord,
    /// or changed by hand.
    case unreadableValue(what: String, table: String, column: String, row: String, detail: String)

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
        case .emptied(let path):
            "the state database \(path) is empty, but vigord's calendar lists blocks it wrote, so its state was lost "
                + "(a crash can leave a zero-length file). vigord has not changed it or the calendar. "
                + "To recover: stop vigord, restore a backup of \(path), or move the empty file aside to start with empty state "
                + "(the Ghost then removes the blocks it no longer knows from its calendar)."
        case .cannotOpen(let path, let detail):
            "cannot open the state database \(path): \(detail)"
        case .failed(let operation, let detail):
            "the state database failed to \(operation): \(detail)"
        case .unreadableValue(let what, let table, let column, let row, let detail):
            "\(what) in the state database cannot be read by this vigord (table \(table), column \(column), row \(row): "
                + "\(detail)). vigord has not changed it; install the vigord that wrote it, or keep a copy of the database "
                + "and move it aside to start fresh."
        }
    }
}
