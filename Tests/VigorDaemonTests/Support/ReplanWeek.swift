import Foundation
import TestPrograms
import GhostEngine
import Logging
import VigorRPC

@testable import VigorDaemon
@testable import VigorConfig

/// Sunday 2026-11-22 11:00 Berlin; the block goes on Monday 2026-11-23 07:00 Berlin (06:00Z).
let replanNow = Date(timeIntervalSince1970: 1_795_341_600)
let replanBlockStart = replanNow.addingTimeInterval(20 * 3600)

/// A daemon whose only calendar is one ICS file of the user's work events.
struct ReplanWeek {
    let context: LocalAPI.Context
    let workFile: String

    init(phase: TrustPhase) async throws {
        let folder = try ScratchFolder.make("replan")
        workFile = folder + "/work.ics"
        try Self.calendar([]).write(toFile: workFile, atomically: true, encoding: .utf8)
        var config = DaemonConfig()
        config.schedule.timezone = "Europe/Berlin"
        config.calendar.sources = [CalendarSourceEntry(name: "work", location: .path(workFile))]
        context = try makeTestContext(config: config, now: replanNow)
        _ = try await context.ghost.perform(.manualPhaseChange(to: phase), at: replanNow)
    }

    /// Places a 45-minute block at `start` as the evening cycle would, and writes the calendar.
    func place(at start: Date) async throws -> BlockID {
        let effects = try await context.ghost.perform(
            .placementRequested(BlockCandidate(start: start, durationMinutes: 45, confidence: 1), alternatives: []), at: replanNow)
        try await context.backend.publish(at: replanNow)
        for effect in effects {
            switch effect {
            case .writeBlock(let block), .proposeBlock(let block): return block.id
            default: continue
            }
        }
        throw ReplanTestError("nothing placed: \(effects)")
    }

    /// Saves the work calendar with these events (summary, UTC start "20261123T060000Z", UTC end).
    func save(_ events: [(String, String, String)]) throws {
        try Self.calendar(events).write(toFile: workFile, atomically: true, encoding: .utf8)
    }

    func replan(at time: Date = replanNow) async throws -> Int {
        return try await context.backend.replanWeek(at: time)
    }

    func block(_ id: BlockID) async -> ScheduledBlock? {
        await context.ghost.current.block(id)
    }

    func receipts() async throws -> [ReceiptView] {
        try await routerResult(ReceiptsListMethod.self, #"{"limit":50}"#, context).receipts
    }

    static func calendar(_ events: [(String, String, String)]) -> String {
        var lines = ["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//test//EN"]
        for (index, event) in events.enumerated() {
            lines += ["BEGIN:VEVENT", "UID:event-\(index)@test", "DTSTAMP:20261101T000000Z", "SUMMARY:\(event.0)",
                      "DTSTART:\(event.1)", "DTEND:\(event.2)", "END:VEVENT"]
        }
        return (lines + ["END:VCALENDAR"]).joined(separator: "\r\n") + "\r\n"
    }
}

struct ReplanTestError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}

