/// `health.import`: imports a health file the daemon can read (Apple Health export.zip or export.xml,
/// JSON Lines, CSV, a Gadgetbridge database, a FIT activity file; see Docs/health-data.md). Idempotent: samples already stored are not added again.
public enum HealthImportMethod: RPCMethod {
    public struct Params: Codable, Sendable, Equatable {
        /// Absolute path of the file, or of a folder: then every file directly in it is imported, in one request.
        public var path: String
        public init(path: String) { self.path = path }
    }
    public typealias Result = HealthImportResult
    public static let name = "health.import"
    public static let summary = "Imports a health file (export.zip, export.xml, .jsonl, .csv, Gadgetbridge database, .fit), or every file in a folder, by absolute path; returns the counts."
    public static let params = [
        OpenRPCParam(
            name: "path", required: true, description: "Absolute path of the file, or of a folder of files (a folder of FIT files), readable by vigord.",
            schema: Schema.string)
    ]
    public static let resultSchema = HealthImportResult.schema
    public static let errors: [RPCErrorCode] = [.importFailed, .storageFailed]
}

/// What one import did. `complete` is false when the file stopped early (e.g. truncated); what came
/// before the problem is kept and `error` says where it stopped.
public struct HealthImportResult: Codable, Sendable, Equatable {
    public var file: String
    /// `appleHealthZip`, `appleHealthXML`, `jsonLines`, `csv`, `gadgetbridge`, `fit` or `healthAutoExport`.
    public var format: String
    public var complete: Bool
    public var error: String?
    /// Samples that were new.
    public var added: Int
    /// Samples already stored.
    public var duplicates: Int
    /// Well-formed records of kinds vigord does not use.
    public var ignored: Int
    /// Bad records skipped, in all.
    public var skipped: Int
    /// Records read per kind (`sleep`, `hrv`, `restingHeartRate`, `steps`, `workout`).
    public var records: [String: Int]
    /// Skipped records per reason.
    public var skippedByReason: [String: Int]
    /// The first skipped records, for the user: `line N: reason`.
    public var skippedExamples: [String]
    /// New workouts that completed one of your blocks, and those that were unplanned activity.
    public var workoutsCompletingBlocks: Int
    public var workoutsUnplanned: Int
    /// New workouts the Ghost had counted already (logged by hand, or imported from another device): one workout,
    /// counted once, with the richer record kept.
    public var workoutsAlreadyCounted: Int
    /// Nights left out because the device's data ended while it still recorded them (a Gadgetbridge database
    /// exported during the night); a later copy of the file gives them whole.
    public var nightsStillRecorded: Int
    /// Bytes read.
    public var bytes: Int64
    /// For a folder: each file's outcome, by name; absent for a file.
    public var files: [HealthImportFileOutcome]?
    /// For a folder: how many of its files could not be imported, or stopped early; absent for a file.
    public var failedFiles: Int?

    public init(
        file: String, format: String, complete: Bool, error: String?, added: Int, duplicates: Int, ignored: Int, skipped: Int,
        records: [String: Int], skippedByReason: [String: Int], skippedExamples: [String], workoutsCompletingBlocks: Int,
        workoutsUnplanned: Int, bytes: Int64, workoutsAlreadyCounted: Int = 0, nightsStillRecorded: Int = 0
    ) {
        self.file = file
        self.format = format
        self.complete = complete
        self.error = error
        self.added = added
        self.duplicates = duplicates
        self.ignored = ignored
        self.skipped = skipped
        self.records = records
        self.skippedByReason = skippedByReason
        self.skippedExamples = skippedExamples
        self.workoutsCompletingBlocks = workoutsCompletingBlocks
        self.workoutsUnplanned = workoutsUnplanned
        self.workoutsAlreadyCounted = workoutsAlreadyCounted
        self.nightsStillRecorded = nightsStillRecorded
        self.bytes = bytes
    }

    static let counts: JSONValue = ["type": "object", "additionalProperties": Schema.integer]
    static let schema = Schema.object(
        [
            "file": Schema.string, "format": Schema.string, "complete": Schema.boolean, "error": Schema.nullable(Schema.string),
            "added": Schema.integer, "duplicates": Schema.integer, "ignored": Schema.integer, "skipped": Schema.integer,
            "records": counts, "skippedByReason": counts, "skippedExamples": Schema.array(of: Schema.string),
            "workoutsCompletingBlocks": Schema.integer, "workoutsUnplanned": Schema.integer,
            "workoutsAlreadyCounted": Schema.integer, "nightsStillRecorded": Schema.integer, "bytes": Schema.integer,
            "files": Schema.array(of: HealthImportFileOutcome.schema), "failedFiles": Schema.integer,
        ],
        required: [
            "file", "format", "complete", "added", "duplicates", "ignored", "skipped", "records", "skippedByReason",
            "skippedExamples", "workoutsCompletingBlocks", "workoutsUnplanned", "workoutsAlreadyCounted", "nightsStillRecorded",
            "bytes",
        ])
}

/// `health.imports`: the imports running now, with their progress (vigorctl import polls it for its progress bar).
public enum HealthImportsMethod: RPCMethod {
    public struct Params: Codable, Sendable, Equatable {
        public init() {}
    }
    public typealias Result = HealthImportsRunning
    public static let name = "health.imports"
    public static let summary = "Lists the imports running now with bytes read of total."
    public static let params: [OpenRPCParam] = []
    public static let resultSchema = HealthImportsRunning.schema
    public static let errors: [RPCErrorCode] = []
}

/// The imports running now.
public struct HealthImportsRunning: Codable, Sendable, Equatable {
    /// One running import.
    public struct Running: Codable, Sendable, Equatable {
        public var file: String
        public var bytesRead: Int64
        public var totalBytes: Int64
        public init(file: String, bytesRead: Int64, totalBytes: Int64) {
            self.file = file
            self.bytesRead = bytesRead
            self.totalBytes = totalBytes
        }
    }

    public var running: [Running]
    public init(running: [Running]) { self.running = running }

    static let schema = Schema.object(
        ["running": Schema.array(of: Schema.object(
            ["file": Schema.string, "bytesRead": Schema.integer, "totalBytes": Schema.integer],
            required: ["file", "bytesRead", "totalBytes"]))],
        required: ["running"])
}


/// One file of a folder `health.import` read: its format and new samples, or why it was not (completely) imported.
public struct HealthImportFileOutcome: Codable, Sendable, Equatable {
    public var file: String
    /// The format read, absent when the file could not be read at all.
    public var format: String?
    public var added: Int
    public var complete: Bool
    public var error: String?

    public init(file: String, format: String?, added: Int, complete: Bool, error: String?) {
        self.file = file
        self.format = format
        self.added = added
        self.complete = complete
        self.error = error
    }

    static let schema = Schema.object(
        [
            "file": Schema.string, "format": Schema.string, "added": Schema.integer, "complete": Schema.boolean,
            "error": Schema.string,
        ],
        required: ["file", "added", "complete"])
}
