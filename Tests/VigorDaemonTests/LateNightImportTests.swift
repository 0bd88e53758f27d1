import CivilCalendar
import Foundation
import GhostEngine
import HealthExportGenerator
import HealthImport
import Store
import TestPrograms
import Testing
import VigorRPC

@testable import VigorDaemon
@testable import VigorConfig

/// Last night's data imported after the morning cycle (`health.import`, the real importer and store): the morning decides
/// again while today's first block has not started. Tuesday 2026-11-24 in Berlin, a Transformer's block at 07:30.
@Suite(.removesScratchFolders)
struct LateNightImportTests {
    private let berlin = TimeZone(identifier: "Europe/Berlin")!

    private func instant(_ text: String) throws -> Date {
        try #require(ISO8601DateFormatter().date(from: text))
    }

    /// Tuesday 06:00 Berlin, when the morning cycle runs.
    private func sixOClock() throws -> Date { try instant("2026-11-24T05:00:00Z") }

    /// A Transformer's Ghost with 45-minute blocks on Tuesday at 07:30 Berlin (and at 18:00 when `evening`), placed on
    /// Monday evening.
    private func transformer(evening: Bool = false) async throws -> (LocalAPI.Context, [BlockID]) {
        let monday = try instant("2026-11-23T20:00:00Z")
        let context = try berlinContext(now: monday)
        _ = try await context.ghost.perform(.manualPhaseChange(to: .transformer), at: monday)
        var blocks: [BlockID] = []
        for start in ["2026-11-24T06:30:00Z"] + (evening ? ["2026-11-24T17:00:00Z"] : []) {
            let candidate = BlockCandidate(start: try instant(start), durationMinutes: 45, confidence: 1)
            let effects = try await context.ghost.perform(.placementRequested(candidate, alternatives: []), at: monday)
            blocks += effects.compactMap { if case .writeBlock(let block) = $0 { block.id } else { nil } }
        }
        #expect(blocks.count == (evening ? 2 : 1))
        // Three good nights before, imported on Monday evening: the baseline the recovery score needs.
        let nights = (21...23).map { day in
            #"{"type":"sleep","start":"2026-11-\#(day - 1)T23:00:00+01:00","end":"2026-11-\#(day)T06:30:00+01:00","source":"oura","stage":"asleep"}"#
        }
        _ = try await importLines(nights, context, at: monday)
        return (context, blocks)
    }

    /// The recovery scores stored for Tuesday, in the order computed: value and input hash.
    private func tuesdayScores(_ context: LocalAPI.Context) throws -> [String] {
        let tuesday = LocalDay(year: 2026, month: 11, day: 24)
        return try context.database.recoveryScores(from: tuesday, through: tuesday).map { "\($0.value) \($0.inputHash)" }
    }

    /// Four hours asleep, Tuesday 01:00 to 05:00 Berlin, as JSON Lines.
    private let poorNight = #"{"type":"sleep","start":"2026-11-24T01:00:00+01:00","end":"2026-11-24T05:00:00+01:00","source":"oura","stage":"asleep"}"#

    private func importLines(_ lines: [String], _ context: LocalAPI.Context, at now: Date) async throws -> HealthImportResult {
        let file = try ScratchFolder.make("late-night") + "/health.jsonl"
        try (lines.joined(separator: "\n") + "\n").write(toFile: file, atomically: true, encoding: .utf8)
        var moved = context
        moved.now = { now }
        return try await routerResult(HealthImportMethod.self, #"{"path":"\#(file)"}"#, moved)
    }

    /// What a decision may change about a block: the part the comparison reads.
    private struct Shape: Equatable {
        var status: ScheduledBlock.Status
        var start: Date
        var minutes: Int
        var kind: SessionKind?
        var rule: String?
    }

    private func shape(_ context: LocalAPI.Context, _ block: BlockID) async throws -> Shape {
        let found = try #require(await context.ghost.current.block(block))
        return Shape(
            status: found.status, start: found.start, minutes: found.durationMinutes, kind: found.currentKind,
            rule: found.transformation?.rule)
    }

    @Test func aPoorNightLandingAt0640MakesTheBlockWhatThe0600MorningWouldHaveMadeIt() async throws {
        let (late, lateBlocks) = try await transformer()
        _ = try await late.backend.runCycle(.morning, now: try sixOClock(), zone: berlin)
        #expect(try await shape(late, lateBlocks[0]).status == .scheduled, "the morning had no night to read")
        let imported = try await importLines([poorNight], late, at: try instant("2026-11-24T05:40:00Z"))
        #expect(imported.added == 1)

        let (onTime, onTimeBlocks) = try await transformer()
        _ = try await importLines([poorNight], onTime, at: try instant("2026-11-24T04:50:00Z"))
        _ = try await onTime.backend.runCycle(.morning, now: try sixOClock(), zone: berlin)

        let expected = try await shape(onTime, onTimeBlocks[0])
        #expect(expected.status == .removed && expected.rule == "shortSleep")
        #expect(try await shape(late, lateBlocks[0]) == expected)
        #expect(try tuesdayScores(onTime).count == 1)
        #expect(try tuesdayScores(late) == tuesdayScores(onTime))
    }

    @Test func aPoorNightAWatchedSourceGivesAfterTheMorningChangesTheBlockToo() async throws {
        let (context, blocks) = try await transformer()
        _ = try await context.backend.runCycle(.morning, now: try sixOClock(), zone: berlin)
        let file = try ScratchFolder.make("late-night-source") + "/oura.jsonl"
        try (poorNight + "\n").write(toFile: file, atomically: true, encoding: .utf8)
        let at = try instant("2026-11-24T05:40:00Z")
        let reading = try await context.backend.readHealthSource(HealthSourceEntry(name: "oura", path: file), clock: { at })
        #expect(reading.added == 1)
        #expect(try await shape(context, blocks[0]).status == .removed)
    }

    @Test func theUserHearsOfALateNightOnlyWhenItChangedTheBlock() async throws {
        let (context, blocks) = try await transformer()
        _ = try await context.backend.runCycle(.morning, now: try sixOClock(), zone: berlin)
        // Last night's resting heart rate: the morning decides again, and no rule changes the block for it.
        let restingHeartRate = #"{"type":"restingHeartRate","start":"2026-11-24T05:00:00+01:00","end":"2026-11-24T05:00:00+01:00","value":52,"unit":"bpm","source":"oura"}"#
        _ = try await importLines([restingHeartRate], context, at: try instant("2026-11-24T05:35:00Z"))
        await context.notifications.settle(now: try instant("2026-11-24T05:36:00Z"), rules: NotificationRules())
        #expect(try await shape(context, blocks[0]).status == .scheduled)
        #expect(await context.notifications.inbox.filter { $0.message.kind == .transformation }.isEmpty)

        _ = try await importLines([poorNight], context, at: try instant("2026-11-24T05:40:00Z"))
        await context.notifications.settle(now: try instant("2026-11-24T05:41:00Z"), rules: NotificationRules())
        let told = await context.notifications.inbox.filter { $0.message.kind == .transformation }
        #expect(told.map(\.message.title) == ["Removed today's workout."])
        #expect(told.first?.message.block == blocks[0])
    }

    @Test func aNightThatLandsAfterTheFirstBlockStartedScoresTodayAndChangesNoBlock() async throws {
        let (context, blocks) = try await transformer(evening: true)
        _ = try await context.backend.runCycle(.morning, now: try sixOClock(), zone: berlin)
        #expect(try tuesdayScores(context).isEmpty, "the morning had no night to score")
        var before: [Shape] = []
        for block in blocks { before.append(try await shape(context, block)) }
        let ghostBefore = await context.ghost.current
        _ = try await importLines([poorNight], context, at: try instant("2026-11-24T06:40:00Z"))
        var after: [Shape] = []
        for block in blocks { after.append(try await shape(context, block)) }
        #expect(after == before)
        #expect(after.allSatisfy { $0.status == .scheduled })
        #expect(await context.ghost.current == ghostBefore)
        #expect(try tuesdayScores(context).count == 1, "today has a recovery score from the night that came late")
    }

    /// "04:55": the wall time of `date` in Berlin.
    private static func berlinClock(_ date: Date) -> String {
        let parts = Calendar(identifier: .gregorian).dateComponents(in: TimeZone(identifier: "Europe/Berlin")!, from: date)
        return String(format: "%02d:%02d", parts.hour ?? 0, parts.minute ?? 0)
    }

    /// Tuesday's night as a band records it: a generated Gadgetbridge database whose last day is Tuesday, and the
    /// night's first and last minute asleep.
    private func bandDatabase(in folder: String) throws -> (url: URL, nightStart: Date, nightEnd: Date) {
        let url = URL(fileURLWithPath: folder + "/generated.db")
        _ = try GadgetbridgeDatabaseGenerator(seed: 3, firstDay: 20_777).write(to: url, days: 5)
        var sleep: [HealthSample] = []
        _ = try HealthImporter().importFile(at: url) { batch in sleep += batch.filter { $0.kind == .sleep } }
        let mondayMidnight = try instant("2026-11-23T23:00:00Z")
        let tuesday = sleep.filter { $0.start >= mondayMidnight }
        return (url, try #require(tuesday.map(\.start).min()), try #require(tuesday.map(\.end).max()))
    }

    @Test func aNightTheBandStillRecordedWhenThePhoneExportedIsNotReadAsShortAndItsRestChangesNoStartedBlock() async throws {
        let (context, blocks) = try await transformer()
        let folder = try ScratchFolder.make("band")
        let band = try bandDatabase(in: folder)
        // The phone exports four hours into the night, before the morning cycle: read as it is, a 240-minute night.
        let exported = band.nightStart.addingTimeInterval(4 * 3600)
        #expect(exported < (try sixOClock()))
        let watched = folder + "/Gadgetbridge.db"
        try GadgetbridgeExportCut.write(from: band.url, exportedAt: exported, to: URL(fileURLWithPath: watched))
        let source = HealthSourceEntry(name: "band", path: watched)
        let early = exported.addingTimeInterval(5 * 60)
        _ = try await context.backend.readHealthSource(source, clock: { early })
        let morning = try await context.backend.runCycle(.morning, now: try sixOClock(), zone: berlin)
        #expect(try await shape(context, blocks[0]).status == .scheduled, "an unfinished night is no short night")
        #expect(morning.summary.contains(
            "last night was still being recorded when Gadgetbridge.db was read at \(Self.berlinClock(early)): the next copy brings "
                + "it, and the morning decides again then"), "\(morning.summary)")
        #expect(try await shape(context, blocks[0]).rule == nil)

        // The next export, once the night is over and the 07:30 block has started: the night is read whole and
        // today is scored; the block stands.
        let later = max(band.nightEnd.addingTimeInterval(5 * 60), try instant("2026-11-24T06:40:00Z"))
        try GadgetbridgeExportCut.write(from: band.url, exportedAt: later, to: URL(fileURLWithPath: watched))
        let reading = try await context.backend.readHealthSource(source, clock: { later })
        #expect(reading.added > 0)
        let night = try context.database.healthSamples(kind: .sleep, endingFrom: band.nightStart, to: band.nightEnd.addingTimeInterval(1))
        #expect(night.contains { $0.end == band.nightEnd }, "the whole night is stored")
        #expect(try await shape(context, blocks[0]).status == .scheduled)
        #expect(try tuesdayScores(context).count >= 1)
    }

    @Test(arguments: [
        // Sunday night, two mornings ago.
        #"{"type":"sleep","start":"2026-11-23T01:00:00+01:00","end":"2026-11-23T05:00:00+01:00","source":"oura","stage":"asleep"}"#,
        // This morning's steps.
        #"{"type":"steps","start":"2026-11-24T06:00:00+01:00","end":"2026-11-24T06:30:00+01:00","value":900,"source":"oura"}"#,
    ])
    func anArrivalWithNothingNewForLastNightDecidesNothingAgain(line: String) async throws {
        let (context, blocks) = try await transformer()
        _ = try await context.backend.runCycle(.morning, now: try sixOClock(), zone: berlin)
        // The store holds a poor night the morning never read: deciding again would remove the block.
        let night = HealthSample(
            kind: .sleep, source: "oura", start: try instant("2026-11-24T00:00:00Z"), end: try instant("2026-11-24T04:00:00Z"),
            value: 240, detail: "asleep")
        _ = try context.database.insertHealthSamples([night])
        let imported = try await importLines([line], context, at: try instant("2026-11-24T05:40:00Z"))
        #expect(imported.added == 1)
        #expect(try await shape(context, blocks[0]).status == .scheduled)
    }

    @Test func theSameNightImportedAgainDecidesNothingAgain() async throws {
        let (context, blocks) = try await transformer()
        _ = try await context.backend.runCycle(.morning, now: try sixOClock(), zone: berlin)
        let night = HealthSample(
            kind: .sleep, source: "oura", start: try instant("2026-11-24T00:00:00Z"), end: try instant("2026-11-24T04:00:00Z"),
            value: 240, detail: "asleep")
        _ = try context.database.insertHealthSamples([night])
        let imported = try await importLines([poorNight], context, at: try instant("2026-11-24T05:40:00Z"))
        #expect(imported.added == 0 && imported.duplicates == 1)
        #expect(try await shape(context, blocks[0]).status == .scheduled)
    }
}
