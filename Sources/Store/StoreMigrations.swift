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
        migrator.registerMigration("v2-ghost") { db in
            // The engine's whole state as JSON: one row, replaced in the same transaction as the
            // receipts its decisions produced.
            try db.create(table: "ghostState") { table in
                table.primaryKey("id", .integer).check { $0 == 1 }
                table.column("state", .blob).notNull()
                table.column("updatedAt", .datetime).notNull()
            }
            try db.create(table: "decisionReceipt") { table in
                table.primaryKey("id", .text)
                table.column("at", .datetime).notNull().indexed()
                table.column("action", .text).notNull()
                table.column("body", .blob).notNull()
            }
        }
        migrator.registerMigration("v3-cycle-runs") { db in
            // One row per cycle that ran, keyed by (kind, local date): a cycle runs once a day.
            try db.create(table: "cycleRun") { table in
                table.column("kind", .text).notNull()
                table.column("localDate", .text).notNull()
                table.column("ranAt", .datetime).notNull()
                table.column("summary", .text).notNull()
                table.primaryKey(["kind", "localDate"])
            }
        }
        migrator.registerMigration("v4-emergencies") { db in
            // Each press of the red button (`vigorctl crashing`): a burnout signal, and the window
            // in which the Ghost stays quiet.
            try db.create(table: "emergency") { table in
                table.autoIncrementedPrimaryKey("id")
                table.column("startedAt", .datetime).notNull().indexed()
                table.column("endsAt", .datetime).notNull()
            }
        }
        migrator.registerMigration("v5-travel") { db in
            // Travel ranges the user set by hand, inclusive local dates: no training then.
            try db.create(table: "travelRange") { table in
                table.autoIncrementedPrimaryKey("id")
                table.column("firstDay", .text).notNull()
                table.column("lastDay", .text).notNull()
                table.column("setAt", .datetime).notNull()
            }
        }
        migrator.registerMigration("v6-health") { db in
            // Health samples from imports and the inbox, normalised; the unique key makes imports idempotent.
            try db.create(table: "healthSample") { table in
                table.autoIncrementedPrimaryKey("id")
                table.column("kind", .text).notNull()
                table.column("source", .text).notNull()
                table.column("start", .datetime).notNull()
                table.column("end", .datetime).notNull()
                table.column("value", .double).notNull()
                table.column("detail", .text)
                table.column("energyKilocalories", .double)
                table.uniqueKey(["kind", "source", "start", "end", "value"])
            }
            try db.create(index: "healthSampleByKindAndEnd", on: "healthSample", columns: ["kind", "end"])
            try db.create(table: "healthImport") { table in
                table.autoIncrementedPrimaryKey("id")
                table.column("file", .text).notNull()
                table.column("format", .text).notNull()
                table.column("startedAt", .datetime).notNull()
                table.column("finishedAt", .datetime).notNull()
                table.column("added", .integer).notNull()
                table.column("duplicates", .integer).notNull()
                table.column("skipped", .integer).notNull()
                table.column("error", .text)
                table.column("summary", .blob).notNull()
            }
        }
        migrator.registerMigration("v7-weekly-receipts") { db in
            // The Sunday-evening value receipt, one per local week (keyed by its Monday).
            try db.create(table: "weeklyReceipt") { table in
                table.primaryKey("weekStart", .text)
                table.column("builtAt", .datetime).notNull()
                table.column("body", .blob).notNull()
            }
        }
        migrator.registerMigration("v8-system-zone") { db in
            // The system zone vigord knows as normal, so a restart while abroad still sees the change as travel.
            try db.create(table: "systemZone") { table in
                table.primaryKey("id", .integer).check { $0 == 1 }
                table.column("settledZone", .text).notNull()
                table.column("changedTo", .text)
                table.column("changedOn", .text)
                table.column("updatedAt", .datetime).notNull()
            }
        }
        migrator.registerMigration("v9-notifications") { db in
            // The notification ledger (the inbox) as JSON: one row, replaced whole after every decision.
            try db.create(table: "notificationLedger") { table in
                table.primaryKey("id", .integer).check { $0 == 1 }
                table.column("ledger", .blob).notNull()
                table.column("updatedAt", .datetime).notNull()
            }
        }
        migrator.registerMigration("v10-check-ins-and-recovery") { db in
            // Morning self-reports, one per local date (a second one that morning replaces it).
            try db.create(table: "checkIn") { table in
                table.primaryKey("localDate", .text)
                table.column("sleptMinutes", .integer)
                table.column("felt", .text)
                table.column("recordedAt", .datetime).notNull()
            }
            // Every morning's recovery score with its formula version and inputs; a new formula adds rows, never replaces.
            try db.create(table: "recoveryScore") { table in
                table.autoIncrementedPrimaryKey("id")
                table.column("localDate", .text).notNull().indexed()
                table.column("formulaName", .text).notNull()
                table.column("formulaVersion", .integer).notNull()
                table.column("inputHash", .text).notNull()
                table.column("value", .double).notNull()
                table.column("body", .blob).notNull()
                table.column("computedAt", .datetime).notNull()
                table.uniqueKey(["localDate", "formulaName", "formulaVersion", "inputHash"])
            }
        }
        migrator.registerMigration("v11-week-forecast") { db in
            // The week ahead as the last evening cycle planned it, as JSON: one row, replaced whole each evening.
            try db.create(table: "weekForecast") { table in
                table.primaryKey("id", .integer).check { $0 == 1 }
                table.column("madeAt", .datetime).notNull()
                table.column("body", .blob).notNull()
            }
        }
        migrator.registerMigration("v12-calendar-items") { db in
            // The calendar identity of each item vigord writes: random UIDs (never handed out again) and the
            // revision, so servers and phones take a rewrite as an update of the same event.
            try db.create(table: "calendarItem") { table in
                table.primaryKey("itemID", .text)
                table.column("uid", .text).notNull().unique()
                table.column("shadowUID", .text).notNull().unique()
                table.column("sequence", .integer).notNull()
                table.column("contentHash", .text).notNull()
                table.column("createdAt", .datetime).notNull()
                table.column("modifiedAt", .datetime).notNull()
            }
            // One row once the UIDs the calendar showed before this table existed were adopted; a purge keeps it,
            // so an old UID is never adopted again.
            try db.create(table: "calendarAdoption") { table in
                table.primaryKey("id", .integer).check { $0 == 1 }
                table.column("adoptedAt", .datetime).notNull()
            }
        }
        migrator.registerMigration("v13-morning-new-health-data") { db in
            // Whether a morning cycle had health data newer than the morning before (null: other cycles, older rows).
            try db.alter(table: "cycleRun") { table in
                table.add(column: "newHealthData", .boolean)
            }
        }
        migrator.registerMigration("v14-hold-book") { db in
            // Held time (the week forecast's sessions kept tentative in vigord's calendar) and what the user said about
            // holding, as JSON: one row, replaced whole after each change.
            try db.create(table: "holdBook") { table in
                table.primaryKey("id", .integer).check { $0 == 1 }
                table.column("savedAt", .datetime).notNull()
                table.column("body", .blob).notNull()
            }
        }
        migrator.registerMigration("v15-health-source-files") { db in
            // What each watched health source's files looked like when vigord last read them, and the newest sample
            // start it found there: a re-read takes only what is new since.
            try db.create(table: "healthSourceFile") { table in
                table.column("source", .text).notNull()
                table.column("path", .text).notNull()
                table.column("size", .integer).notNull()
                table.column("modifiedAt", .datetime).notNull()
                table.column("inode", .integer).notNull()
                table.column("readAt", .datetime).notNull()
                table.column("newestStart", .datetime)
                table.primaryKey(["source", "path"])
            }
        }
        return migrator
    }
}
