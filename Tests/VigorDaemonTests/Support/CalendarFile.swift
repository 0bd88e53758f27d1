import ICalendarKit
import Testing

@testable import VigorDaemon

/// The file of an item (`b1`, `b1-move`) in vigord's calendar, named after the UID the store gave it.
func calendarFile(_ context: LocalAPI.Context, item: String) throws -> String {
    let uid = try #require(try context.database.calendarItems()[item]?.uid, "the store gave \(item) no UID")
    return context.output.collectionPath + "/" + VdirWriter.fileName(forUID: uid)
}
