import CivilCalendar
import Foundation
import GhostEngine
import GhostScheduling
import Store

extension SystemZoneWatch {
    /// The watch as saved; a change whose day cannot be read is dropped (the next evening sees it again).
    init(record: SystemZoneRecord) {
        var change: Change?
        if let zone = record.changedTo, let day = record.changedOn.flatMap(LocalDay.init(iso:)) {
            change = Change(zone: zone, since: day)
        }
        self.init(settledZone: record.settledZone, change: change)
    }
}

extension SystemZoneRecord {
    /// The row that saves `watch`.
    init(_ watch: SystemZoneWatch, at date: Date) {
        self.init(settledZone: watch.settledZone, changedTo: watch.change?.zone, changedOn: watch.change?.since.description, updatedAt: date)
    }
}
