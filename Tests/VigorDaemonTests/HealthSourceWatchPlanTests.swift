import Testing

@testable import VigorDaemon
@testable import VigorConfig

/// The health sources' watch covers each source's folder for its files, and every folder above it for the one name on
/// the way down, so a volume mounted later wakes it.
struct HealthSourceWatchPlanTests {
    private let existing: Set<String> = ["/", "/run", "/run/media", "/run/media/ana", "/home", "/home/ana", "/home/ana/Sync"]

    @Test func aFolderSourceIsWatchedForFilesAndItsParentsForTheWayDown() {
        let plan = HealthSourceWatchPlan(
            sources: [HealthSourceEntry(name: "phone", path: "/home/ana/Sync")], isFolder: existing.contains)
        #expect(plan.folders["/home/ana/Sync"] == .init(files: true))
        #expect(plan.folders["/home/ana"] == .init(names: ["Sync"]))
        #expect(plan.folders["/"] == .init(names: ["home"]))
        #expect(plan.folders["/home/ana/Sync"]?.matters("HealthAutoExport.json") == true)
        #expect(plan.folders["/home/ana/Sync"]?.matters(".syncthing.HealthAutoExport.json.tmp") == false)
    }

    @Test func aWatchNotPluggedInIsWatchedFromTheFolderItsVolumeAppearsIn() {
        let plan = HealthSourceWatchPlan(
            sources: [HealthSourceEntry(name: "watch", path: "/run/media/ana/GARMIN/GARMIN/Activity")], isFolder: existing.contains)
        #expect(plan.watched == ["/", "/run", "/run/media", "/run/media/ana"])
        #expect(plan.folders["/run/media/ana"] == .init(names: ["GARMIN"]))
        #expect(plan.folders["/run/media/ana"]?.matters("GARMIN") == true)
        #expect(plan.folders["/run/media/ana"]?.matters("USBSTICK") == false)
    }

    @Test func aFileSourceIsWatchedInItsFolder() {
        let plan = HealthSourceWatchPlan(
            sources: [HealthSourceEntry(name: "phone", path: "/home/ana/Sync/Gadgetbridge.db")], isFolder: existing.contains)
        #expect(plan.folders["/home/ana/Sync"]?.files == true)
        #expect(plan.folders["/home/ana/Sync"]?.matters("Gadgetbridge.db-wal") == true)
    }
}
