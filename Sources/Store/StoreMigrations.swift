import GRDB

/// The schema's history. A shipped migration is never edited: add a new one instead.
enum StoreMigrations {
    static var migrator: DatabaseMigrator {
        var migrator = DatabaseMigrator()
        migrator.registerMigration("v1-daemon-runs") { db in
            try db.create(table: "daemonRun") { table in
                table.autoIncrementedPrimaryKey("id")
                table.column("startedAt", .datetime).notNull()
                table.column("stoppedAt", .datetime)
                table.column("pid", .integer).notNull()
                table.column("version", .text).notNull()
            }
        }
        return migrator
    }
}
