import ICalendarKit
import Foundation
import TestPrograms
import GhostEngine
import Store
import Testing
import VigorRPC

@testable import VigorDaemon
@testable import VigorConfig

#if canImport(Glibc)
import Glibc
#endif

private let now = Date(timeIntervalSince1970: 1_795_341_600)  // 2026-11-22 11:00 Berlin
private let tomorrow7 = now.addingTimeInterval(20 * 3600)  // 2026-11-23 07:00 Berlin

/// The slot finder's factors as the evening cycle hands them to the engine: a preferred window, an hour the user
/// usually trains at, a day they rarely skip.
private let factors = [
    ReceiptInput("slotStart", "2026-11-23 07:00"), ReceiptInput("slotScore", "0.880"), ReceiptInput("preferredWindow", "1.000"),
    ReceiptInput("learnedPreference", "0.800"), ReceiptInput("skipProbability", "0.100"), ReceiptInput("autonomy", "engineDecides"),
]

private func context(_ change: (inout DaemonConfig) -> Void = { _ in }) throws -> LocalAPI.Context {
    var config = DaemonConfig()
    config.schedule.timezone = "Europe/Berlin"
    change(&config)
    return try makeTestContext(config: config, now: now)
}

/// Places a block at `start` in `phase` (auto-written from Auto-Scheduler up, proposed below) and writes the calendar.
private func place(_ context: LocalAPI.Context, in phase: TrustPhase = .autoScheduler, at start: Date = tomorrow7) async throws -> String {
    _ = try await context.ghost.perform(.manualPhaseChange(to: phase), at: now)
    let effects = try await context.ghost.perform(
        .placementRequested(BlockCandidate(start: start, durationMinutes: 45, confidence: 1, factors: factors), alternatives: []), at: now)
    let id = try #require(effects.compactMap { effect -> BlockID? in
        switch effect {
        case .writeBlock(let block), .proposeBlock(let block): block.id
        default: nil
        }
    }.first)
    try await context.backend.publish(at: now)
    return id.rawValue
}

private func text(_ path: String) throws -> String {
    try String(contentsOfFile: path, encoding: .utf8)
}

/// The DESCRIPTION of a written file as a calendar app shows it: lines unfolded, text unescaped.
private func description(_ path: String) throws -> String {
    let unfolded = try text(path).replacingOccurrences(of: "\r\n ", with: "")
    let line = try #require(unfolded.components(separatedBy: "\r\n").first { $0.hasPrefix("DESCRIPTION:") })
    return String(line.dropFirst("DESCRIPTION:".count)).replacingOccurrences(of: "\\n", with: "\n")
        .replacingOccurrences(of: "\\,", with: ",").replacingOccurrences(of: "\\;", with: ";")
}

/// A folder for a shadow calendar, outside vigord's own.
private func shadowFolder() throws -> String {
    try ScratchFolder.make("shadow")
}

@Test(.removesScratchFolders) func aBlockIsWrittenUnderTheRandomUIDTheStoreKeeps() async throws {
    let context = try context()
    let id = try await place(context)
    let item = try #require(try context.database.calendarItems()[id])
    #expect(UUID(uuidString: item.uid) != nil)
    let file = try calendarFile(context, item: id)
    #expect((file as NSString).lastPathComponent == "vigor-\(item.uid).ics")
    let written = try text(file)
    for line in ["UID:\(item.uid)", "SEQUENCE:0", "DTSTAMP:20261122T100000Z", "CREATED:20261122T100000Z", "LAST-MODIFIED:20261122T100000Z"] {
        #expect(written.contains(line + "\r\n"), "missing \(line)")
    }
}

@Test(.removesScratchFolders) func aMovedBlockStaysTheSameEventWithTheNextSequence() async throws {
    let context = try context()
    let id = try await place(context)
    let uid = try #require(try context.database.calendarItems()[id]?.uid)
    let later = now.addingTimeInterval(600)
    _ = try await context.ghost.perform(.autoBlockMoved(BlockID(rawValue: id), to: tomorrow7.addingTimeInterval(3600)), at: later)
    try await context.backend.publish(at: later)
    let written = try text(try calendarFile(context, item: id))
    #expect(written.contains("UID:\(uid)\r\n") && written.contains("SEQUENCE:1\r\n"))
    #expect(written.contains("LAST-MODIFIED:20261122T101000Z\r\n") && written.contains("CREATED:20261122T100000Z\r\n"))
    try await context.backend.publish(at: later.addingTimeInterval(600))
    #expect(try text(try calendarFile(context, item: id)) == written, "nothing changed, nothing rewritten")
}

@Test(.removesScratchFolders) func theDescriptionSaysWhyThisTimeInPlainWords() async throws {
    let context = try context()
    let id = try await place(context)
    let words = try description(try calendarFile(context, item: id))
    #expect(words.hasPrefix("45 minutes of training.\n\n"))
    #expect(words.contains(
        "Why this time: your calendars are free then, it is inside your preferred training hours, you usually train at this hour "
            + "(80 % of the sessions here were done) and it is a day you are likely to keep (a 10 % chance you skip it)."))
    #expect(words.contains("I scheduled Mon 07:00 because I'm 100 % sure of it"))
    #expect(!words.contains("vigorctl"), "the reason itself, not a pointer to a command")
}

@Test(.removesScratchFolders) func aTransformedBlockSaysWhatChangedAndWhy() async throws {
    let context = try context()
    let id = try await place(context)
    _ = try await context.ghost.perform(.manualPhaseChange(to: .transformer), at: now)
    let reason = "Your HRV is 31 % below your 7-day baseline (more than 20 %), so the heavy session becomes a 20-minute recovery walk."
    _ = try await context.ghost.perform(
        .adjustmentRequested(BlockID(rawValue: id), .transform(durationMinutes: 20), confidence: 1, reason: reason, rule: "hrvCrash"), at: now)
    try await context.backend.publish(at: now)
    let words = try description(try calendarFile(context, item: id))
    #expect(words.hasPrefix("20 minutes of walking."), "the recovery walk is what the block is now")
    #expect(try text(try calendarFile(context, item: id)).contains("SUMMARY:Walk\r\n"))
    #expect(words.contains("Changed from 45 to 20 minutes: " + reason))
}

@Test(.removesScratchFolders) func scheduledBlocksRemindBeforeTheyStartAndProposalsDoNot() async throws {
    let scheduled = try context()
    let block = try text(try calendarFile(scheduled, item: try await place(scheduled)))
    #expect(block.contains("BEGIN:VALARM\r\nACTION:DISPLAY\r\nDESCRIPTION:Training\r\nTRIGGER:-PT10M\r\nEND:VALARM\r\n"))
    #expect(block.contains("CATEGORIES:Vigor,Training\r\nCOLOR:darkorchid\r\n"))

    let proposed = try context()
    let proposal = try text(try calendarFile(proposed, item: try await place(proposed, in: .scheduler)))
    #expect(!proposal.contains("VALARM") && proposal.contains("CATEGORIES:Vigor,Training,Proposal\r\nCOLOR:plum\r\n"))

    let quiet = try context { $0.calendar.alarmMinutes = nil }
    #expect(!(try text(try calendarFile(quiet, item: try await place(quiet)))).contains("VALARM"))
    let early = try context { $0.calendar.alarmMinutes = 45 }
    #expect(try text(try calendarFile(early, item: try await place(early))).contains("TRIGGER:-PT45M\r\n"))
}

@Test(.removesScratchFolders) func theShadowCalendarHoldsOnePrivateBusyEventPerCommittedBlock() async throws {
    let folder = try shadowFolder()
    let context = try context { $0.calendar.shadow = ShadowCalendar(path: folder, summary: "Out") }
    let id = try await place(context)
    _ = try await context.ghost.perform(.manualPhaseChange(to: .scheduler), at: now)
    _ = try await context.ghost.perform(
        .placementRequested(BlockCandidate(start: tomorrow7.addingTimeInterval(86_400), durationMinutes: 45, confidence: 0.9), alternatives: []),
        at: now)
    try await context.backend.publish(at: now)
    let item = try #require(try context.database.calendarItems()[id])
    #expect(item.shadowUID != item.uid)
    #expect(try FileManager.default.contentsOfDirectory(atPath: folder) == ["vigor-\(item.shadowUID).ics"], "the proposal is not busy time")
    let busy = try text(folder + "/vigor-\(item.shadowUID).ics")
    for line in ["UID:\(item.shadowUID)", "SUMMARY:Out", "CLASS:PRIVATE", "TRANSP:OPAQUE", "DTSTART:20261123T060000Z", "SEQUENCE:0"] {
        #expect(busy.contains(line + "\r\n"), "missing \(line)")
    }
    for absent in ["DESCRIPTION", "LOCATION", "VALARM", "X-VIGOR", "Training"] {
        #expect(!busy.contains(absent), "\(absent) must not reach a work calendar")
    }

    // The user deletes the block on their phone; the busy event leaves the work calendar with it.
    try FileManager.default.removeItem(atPath: try calendarFile(context, item: id))
    #expect(try await context.backend.learnCalendarEdits(at: now.addingTimeInterval(60)).map(\.blockID) == [id])
    #expect(try FileManager.default.contentsOfDirectory(atPath: folder).isEmpty)
}

@Test(.removesScratchFolders) func aShadowFolderInsideVigordsOwnCalendarIsRefusedByTheStartsChecks() throws {
    let folder = try shadowFolder()
    for shadow in [folder + "/calendars/busy", folder + "/calendars", folder] {
        let text = "[calendar.output]\npath = \"\(folder)/calendars\"\n[calendar.shadow]\npath = \"\(shadow)\"\n"
        let loaded = ConfigLoader.Loaded(
            config: try ConfigLoader.parse(text, file: "/c/config.toml", baseDirectory: "/c"), origin: .file, text: text)
        #expect(throws: ConfigError.self, "\(shadow)") {
            try StartChecks.check(loaded, file: "/c/config.toml", environment: [:], uid: getuid())
        }
    }
}

@Test(.removesScratchFolders) func afterAPurgeTheOldBlocksLeaveAndTheNextBlockIsANewEvent() async throws {
    let context = try context()
    let id = try await place(context)
    let before = try calendarFile(context, item: id)
    _ = try await routerResult(DataPurgeMethod.self, #"{"confirm":true}"#, context)
    #expect(!FileManager.default.fileExists(atPath: before))
    let again = try await place(context)
    #expect(again == id, "the new Ghost numbers its blocks from the start again")
    let after = try calendarFile(context, item: again)
    #expect(after != before && FileManager.default.fileExists(atPath: after))
}

@Test(.removesScratchFolders) func theUIDsTheCalendarShowedBeforeTheUpgradeAreKept() async throws {
    let context = try context()
    _ = try await context.ghost.perform(.manualPhaseChange(to: .autoScheduler), at: now)
    _ = try await context.ghost.perform(
        .placementRequested(BlockCandidate(start: tomorrow7, durationMinutes: 45, confidence: 1), alternatives: []), at: now)
    // As the vigord before random UIDs wrote it: UID and file name from the block id, no SEQUENCE.
    let output = (context.output.collectionPath as NSString).deletingLastPathComponent
    let older = try VdirWriter(
        outputDirectory: output, ledgerPath: (output as NSString).deletingLastPathComponent + "/vdir-ledger.json", timeZone: "Europe/Berlin")
    _ = try older.reconcile(.loaded([VigorBlock(
        id: "b1", kind: "workout", state: "scheduled", title: "Training", start: tomorrow7, end: tomorrow7.addingTimeInterval(2700),
        reason: "A 45-minute training block the Ghost placed (auto).", identity: CalendarIdentity(uid: "vigor-b1@vigord", created: now))]))

    try await context.backend.publish(at: now.addingTimeInterval(60))
    #expect(try FileManager.default.contentsOfDirectory(atPath: context.output.collectionPath).filter { $0.hasSuffix(".ics") }
        == ["vigor-b1@vigord.ics"])
    let written = try text(context.output.collectionPath + "/vigor-b1@vigord.ics")
    #expect(written.contains("UID:vigor-b1@vigord\r\n") && written.contains("SEQUENCE:1\r\n") && written.contains("BEGIN:VALARM\r\n"))
}

@Test(.removesScratchFolders) func busyEventsOfItsOwnShadowReadBackFromAWorkCalendarAreNotBusyTime() async throws {
    // The work calendar the busy events are pushed to is also a source, as a synced folder: here the same folder.
    let folder = try shadowFolder()
    let context = try context {
        $0.calendar.shadow = ShadowCalendar(path: folder)
        $0.calendar.sources = [CalendarSourceEntry(name: "work", location: .path(folder))]
    }
    let id = try await place(context)
    #expect(try FileManager.default.contentsOfDirectory(atPath: folder).count == 1)
    let busy = try await routerResult(CalendarBusyMethod.self, #"{"from":"2026-11-23","to":"2026-11-24"}"#, context)
    #expect(busy.sources.map(\.ok) == [true] && busy.unknownDays.isEmpty)
    #expect(busy.intervals.isEmpty, "got \(busy.intervals)")
    #expect(try await context.backend.replanWeek(at: now) == 0)
    #expect(await context.ghost.current.block(BlockID(rawValue: id))?.start == tomorrow7)

    // A real meeting with the same word at the same time still counts.
    try """
        BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//Contoso//Calendar//EN\r\nBEGIN:VEVENT\r\nUID:all-hands@contoso\r\n\
        DTSTAMP:20261120T000000Z\r\nDTSTART:20261123T050000Z\r\nDTEND:20261123T063000Z\r\nSUMMARY:Busy\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n
        """.write(toFile: folder + "/all-hands.ics", atomically: true, encoding: .utf8)
    let withMeeting = try await routerResult(CalendarBusyMethod.self, #"{"from":"2026-11-23","to":"2026-11-24"}"#, context)
    #expect(withMeeting.intervals.count == 1)
}

@Test(.removesScratchFolders) func aSuggestionMovedOffAMeetingAndAcceptedTellsOnlyWhyItMoved() async throws {
    let context = try context()
    let id = try await place(context, in: .scheduler)
    let block = BlockID(rawValue: id)
    _ = try await context.ghost.perform(
        .conflictFound(BlockConflict(block: block, cause: "'Board meeting' (team) now covers 07:00–08:00", target: tomorrow7.addingTimeInterval(4500))),
        at: now.addingTimeInterval(60))
    _ = try await context.ghost.perform(.proposalAnswered(block, accepted: true), at: now.addingTimeInterval(120))
    try await context.backend.publish(at: now.addingTimeInterval(120))
    let words = try description(try calendarFile(context, item: id))
    #expect(words.contains("Moved the suggestion Mon 07:00 → 08:15: 'Board meeting' (team) now covers 07:00–08:00."))
    // The time it left is not this one: its reasons are not given.
    #expect(!words.contains("Why this time:") && !words.contains("I suggested Mon 07:00"), "\(words)")
    #expect(!words.contains("vigorctl"), "no longer a proposal to answer")
}

@Test(.removesScratchFolders) func onAFullDiskTheCalendarIsWrittenAnywayAndTheStoreTakesTheSameUIDsLater() async throws {
    var config = DaemonConfig()
    config.schedule.timezone = "Europe/Berlin"
    let refusal = WriteRefusal()
    let context = try makeTestContext(config: config, now: now, refusal: refusal)
    refusal.refuse()
    let pressed = try await routerResult(EmergencyActivateMethod.self, #"{"minutes":30}"#, context)
    let file = try #require(pressed.blockFile)
    let uid = try #require(try text(file).components(separatedBy: "\r\n").first { $0.hasPrefix("UID:") }?.dropFirst(4))
    #expect(try context.database.calendarItems().isEmpty)
    refusal.lift()
    try await context.backend.publish(at: now.addingTimeInterval(60))
    #expect(try context.database.calendarItems().values.map(\.uid) == [String(uid)])
    #expect(FileManager.default.fileExists(atPath: file))
}

@Test(.removesScratchFolders) func aShadowCalendarThatCannotBeWrittenIsLoggedAndLeavesVigordsOwnCalendarWritten() async throws {
    let blocker = try shadowFolder() + "/blocker"
    #expect(FileManager.default.createFile(atPath: blocker, contents: Data("not a folder".utf8)))
    let folder = try ScratchFolder.make("context") + "/state"
    let log = CapturedLog()
    let database = try AppDatabase.inMemory()
    let zone = TimeZone(identifier: "Europe/Berlin")!
    let ghost = try GhostHost(database: database, zone: zone, now: now)
    let output = try CalendarOutput(
        directory: folder + "/calendars", stateDirectory: folder, zone: zone, ghost: ghost, database: database,
        shadow: ShadowCalendar(path: blocker + "/busy"), logger: log.logger, failures: FailureLog(logger: log.logger))
    _ = try await ghost.perform(.manualPhaseChange(to: .autoScheduler), at: now)
    _ = try await ghost.perform(
        .placementRequested(BlockCandidate(start: tomorrow7, durationMinutes: 45, confidence: 1), alternatives: []), at: now)
    #expect(try await output.write(now: now).written == ["b1"])
    try await output.writeShadow(now: now, ghostChanged: false)
    #expect(log.entries.contains { $0.level == .error && $0.message.hasPrefix("writing the shadow calendar failed") })
}
