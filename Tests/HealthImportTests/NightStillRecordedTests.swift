import CivilCalendar
import Foundation
import HealthExportGenerator
import HealthImport
import TestPrograms
import Testing

/// A Gadgetbridge database exported while the band still recorded the night (a phone that syncs at 05:50): that
/// night is held back, not read as a short one, and a later copy gives it whole.
@Suite(.removesScratchFolders) struct NightStillRecordedTests {
    /// Five generated days, the wearer an hour east of UTC; the last night is the fifth day's.
    private func generated() throws -> (url: URL, whole: [HealthSample], lastNight: [HealthSample]) {
        let url = try temporaryFile(Data(), name: "Gadgetbridge")
        _ = try GadgetbridgeDatabaseGenerator(seed: 3).write(to: url, days: 5)
        let whole = runImport(url)
        #expect(whole.error == nil)
        #expect(whole.summary?.nightsStillRecorded == 0)
        let sleep = whole.records.filter { $0.kind == .sleep }.sorted { $0.start < $1.start }
        let lastStart = try #require(sleep.last).start
        // The fifth night's segments: those within a few hours of its last one.
        let lastNight = sleep.filter { lastStart.timeIntervalSince($0.start) < 10 * 3600 }
        #expect(lastNight.count >= 3)
        return (url, whole.records, lastNight)
    }

    private func cut(_ url: URL, at instant: Date) throws -> URL {
        let copy = url.deletingLastPathComponent().appendingPathComponent("Gadgetbridge-\(Int(instant.timeIntervalSince1970))")
        try GadgetbridgeExportCut.write(from: url, exportedAt: instant, to: copy)
        return copy
    }

    @Test func aNightTheExportEndsInIsHeldBackWholeAndTheRestIsRead() throws {
        let (url, whole, lastNight) = try generated()
        let nightStart = try #require(lastNight.first).start
        let nightEnd = try #require(lastNight.map(\.end).max())
        let midNight = nightStart.addingTimeInterval(nightEnd.timeIntervalSince(nightStart) * 0.7)

        let early = runImport(try cut(url, at: midNight))
        #expect(early.error == nil)
        #expect(early.summary?.nightsStillRecorded == 1)
        let earlySleep = early.records.filter { $0.kind == .sleep }
        #expect(!earlySleep.contains { $0.end > nightStart }, "no part of the night being recorded is read")
        #expect(earlySleep == whole.filter { $0.kind == .sleep && $0.end <= nightStart }, "earlier nights are read whole")
        #expect(Set(early.records.filter { $0.kind != .sleep }) == Set(whole.filter { $0.kind != .sleep && $0.end <= midNight }),
                "everything else up to the export is read")
    }

    @Test func aLaterCopyGivesTheNightWhole() throws {
        let (url, whole, lastNight) = try generated()
        let nightEnd = try #require(lastNight.map(\.end).max())
        let later = runImport(try cut(url, at: nightEnd.addingTimeInterval(5 * 60)))
        #expect(later.error == nil)
        #expect(later.summary?.nightsStillRecorded == 0)
        #expect(later.records.filter { $0.kind == .sleep } == whole.filter { $0.kind == .sleep })
    }
}
