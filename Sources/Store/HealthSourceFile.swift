import Foundation
import GRDB

/// One file of a watched health source as vigord last read it: its size, modification time and inode (a file
/// replaced by rename gets a new one), and the start of the newest sample found in it, from which a re-read goes on.
public struct HealthSourceFile: Codable, Sendable, Equatable, FetchableRecord, PersistableRecord {
    /// The source's name (`[[health.source]] name`).
    public var source: String
    public var path: String
    public var size: Int64
    public var modifiedAt: Date
    public var inode: Int64
    public var readAt: Date
    /// The newest sample's start in the file when it was read; nil when it held none vigord uses.
    public var newestStart: Date?

    public static let databaseTableName = "healthSourceFile"

    public init(source: String, path: String, size: Int64, modifiedAt: Date, inode: Int64, readAt: Date, newestStart: Date?) {
        self.source = source
        self.path = path
        self.size = size
        self.modifiedAt = modifiedAt
        self.inode = inode
        self.readAt = readAt
        self.newestStart = newestStart
    }
}

extension AppDatabase {
    /// Remembers how a source's file was read (replacing what was remembered of it).
    public func saveHealthSourceFile(_ file: HealthSourceFile) throws(StoreError) {
        try write("remember the health source's file") { db in try file.save(db) }
    }

    /// What was remembered of each file of `source`.
    public func healthSourceFiles(source: String) throws(StoreError) -> [HealthSourceFile] {
        try read("read the health source's files") { db in
            try HealthSourceFile.filter(Column("source") == source).order(Column("path")).fetchAll(db)
        }
    }
}
