import CivilCalendar
import GRDB

// The shared vocabulary as column values: a day as `YYYY-MM-DD` text, a word as its text. A column whose text is not
// one of them does not read as a default: fetching its row throws, like any other decoding error.

extension LocalDay: DatabaseValueConvertible {
    /// `YYYY-MM-DD`, which sorts and compares in SQL as the days do.
    public var databaseValue: DatabaseValue { description.databaseValue }

    public static func fromDatabaseValue(_ dbValue: DatabaseValue) -> LocalDay? {
        String.fromDatabaseValue(dbValue).flatMap { LocalDay(iso: $0) }
    }
}

extension Feeling: DatabaseValueConvertible {}
extension HealthKind: DatabaseValueConvertible {}
extension CycleKind: DatabaseValueConvertible {}
