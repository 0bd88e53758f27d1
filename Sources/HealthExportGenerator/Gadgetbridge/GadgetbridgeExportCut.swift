import Foundation
import GRDB

/// The copy a phone exports part-way through what a generated database holds: only what the band had recorded by
/// `exportedAt` (samples at or before it, workouts that had ended). A copy exported at 05:50 holds a night still
/// being recorded.
public enum GadgetbridgeExportCut {
    /// Writes to `copy` the rows of the database at `source` recorded by `exportedAt` (replacing `copy`).
    public static func write(from source: URL, exportedAt: Date, to copy: URL) throws {
        if FileManager.default.fileExists(atPath: copy.path) { try FileManager.default.removeItem(at: copy) }
        try FileManager.default.copyItem(at: source, to: copy)
        let seconds = Int64(exportedAt.timeIntervalSince1970.rounded(.down))
        let queue = try DatabaseQueue(path: copy.path)
        try queue.write { db in
            try db.execute(sql: "DELETE FROM MI_BAND_ACTIVITY_SAMPLE WHERE TIMESTAMP > ?", arguments: [seconds])
            for table in ["HUAMI_HEART_RATE_RESTING_SAMPLE", "HUAMI_SPO2_SAMPLE"] {
                try db.execute(sql: "DELETE FROM \(table) WHERE TIMESTAMP > ?", arguments: [seconds * 1000])
            }
            try db.execute(sql: "DELETE FROM BASE_ACTIVITY_SUMMARY WHERE END_TIME > ?", arguments: [seconds * 1000])
        }
        try queue.close()
    }
}
