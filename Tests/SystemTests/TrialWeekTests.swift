import Foundation
import TestPrograms
import Testing
import VigorRPC

/// The trial as a new user lived it: four sessions a week at 06:30–08:30, weekday stand-ups at 09:30, an early call
/// on Tuesdays, the gym on Saturdays, Wednesday held. The real vigord on its test clock, two weeks of evenings that
/// propose, a user who accepts and trains in every block: each week gets exactly four sessions, Wednesday is kept,
/// nothing is carried into the next week, and every proposal reached the user (the notify command) before its block.
@Suite(.removesScratchFolders) struct TrialWeekTests {
    private static let calendar = """
        BEGIN:VCALENDAR\r
        VERSION:2.0\r
        PRODID:-//khal//trial//EN\r
        BEGIN:VEVENT\r
        UID:standup@trial\r
        DTSTAMP:20260101T000000Z\r
        DTSTART;TZID=Europe/Berlin:20260105T093000\r
        DTEND;TZID=Europe/Berlin:20260105T094500\r
        RRULE:FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR\r
        SUMMARY:Stand-up\r
        END:VEVENT\r
        BEGIN:VEVENT\r
        UID:early-call@trial\r
        DTSTAMP:20260101T000000Z\r
        DTSTART;TZID=Europe/Berlin:20260106T070000\r
        DTEND;TZID=Europe/Berlin:20260106T073000\r
        RRULE:FREQ=WEEKLY;BYDAY=TU\r
        SUMMARY:Call with Sydney\r
        END:VEVENT\r
        BEGIN:VEVENT\r
        UID:gym@trial\r
        DTSTAMP:20260101T000000Z\r
        DTSTART;TZID=Europe/Berlin:20260110T100000\r
        DTEND;TZID=Europe/Berlin:20260110T113000\r
        RRULE:FREQ=WEEKLY;BYDAY=SA\r
        SUMMARY:Gym\r
        END:VEVENT\r
        END:VCALENDAR\r

        """

    private func advance(_ daemon: DaemonHarness, hours: Double) throws -> Date {
        try daemon.connect().call(DebugClockMethod.self, .init(advanceHours: hours)).now.date
    }

    @Test func twoWeeksOfFourSessionsKeepTheHeldWednesdayAndCarryNothingOver() throws {
        let sunday = try TestNow.next(weekday: 1, hour: 20)
        let folder = try makeScratchFolder("trial-calendar")
        try Self.calendar.write(toFile: folder + "/personal.ics", atomically: true, encoding: .utf8)
        try "#!/bin/sh\ncat >> \(folder)/delivered.log\necho >> \(folder)/delivered.log\n"
            .write(toFile: folder + "/notify.sh", atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: folder + "/notify.sh")
        let config = """
            [schedule]
            timezone = "Europe/Berlin"
            [training]
            sessions_per_week = 4
            preferred = ["06:30-08:30"]
            [notify]
            desktop = false
            command = ["\(folder)/notify.sh"]
            [[calendar.source]]
            name = "personal"
            path = "\(folder)/personal.ics"
            """
        let daemon = try DaemonHarness(label: "trial-week", config: config, now: sunday)
        try daemon.start()
        _ = try daemon.connect().call(TrustSetMethod.self, .init(phase: "scheduler"))
        var now = try advance(daemon, hours: 0)
        for evening in 0..<14 {
            let outcome = try daemon.connect().call(CycleRunMethod.self, .init(kind: .evening))
            #expect(outcome.ran, "evening \(evening) ran")
            for proposal in try daemon.connect().call(BlocksListMethod.self, .init()).blocks where proposal.status == "proposed" {
                _ = try daemon.connect().call(ProposalAnswerMethod.self, .init(block: proposal.id, accept: true))
            }
            if evening == 0 {
                _ = try daemon.connect().call(PlanHoldMethod.self, .init(day: "wed"))
            }
            let tomorrow = now.addingTimeInterval(24 * 3600)
            let block = try daemon.connect().call(BlocksListMethod.self, .init()).blocks.first {
                $0.status == "scheduled" && $0.start.date > now && $0.start.date < tomorrow
            }
            if let block {
                now = try advance(daemon, hours: block.end.date.timeIntervalSince(now) / 3600 + 0.25)
                _ = try daemon.connect().call(WorkoutLogMethod.self, .init(at: block.start.description, minutes: 45))
            }
            now = try advance(daemon, hours: tomorrow.timeIntervalSince(now) / 3600)
        }
        let first = RPCTimestamp(sunday, in: TestNow.berlin).description
        let blocks = try daemon.connect().call(BlocksListMethod.self, .init(from: first, to: RPCTimestamp(now, in: TestNow.berlin).description)).blocks
        var berlin = Calendar(identifier: .gregorian)
        berlin.timeZone = TestNow.berlin
        let monday = sunday.addingTimeInterval(24 * 3600)
        let weeks = Dictionary(grouping: blocks.filter { $0.status == "completed" }) {
            Int($0.start.date.timeIntervalSince(berlin.startOfDay(for: monday)) / (7 * 86_400))
        }
        let summary = blocks.map { "\($0.start) \($0.status)" }.joined(separator: "\n")
        #expect(weeks[0]?.count == 4, "the first week: four sessions\n\(summary)")
        #expect(weeks[1]?.count == 4, "the second week: four sessions, none carried over\n\(summary)")
        let wednesday = berlin.date(byAdding: .day, value: 2, to: berlin.startOfDay(for: monday)) ?? monday
        #expect(weeks[0]?.contains { berlin.isDate($0.start.date, inSameDayAs: wednesday) } == true, "the held Wednesday was kept\n\(summary)")
        #expect(!blocks.contains { $0.status == "proposed" || $0.status == "expired" }, "every proposal was answered in time\n\(summary)")
        // Every block came from a proposal made the evening before and sent by the notify command then (the user
        // accepts it right after the evening cycle); a Monday's proposal may come inside Sunday's weekly question,
        // which names it first ("This week: Mon 06:30, …").
        let entries = try daemon.connect().call(InboxListMethod.self, NoParams()).entries
        let inbox = entries.filter { $0.kind == "proposal" }
        let delivered = try String(contentsOfFile: folder + "/delivered.log", encoding: .utf8)
        let placed = blocks.filter { $0.status == "completed" }
        #expect(placed.count == 8)
        let weekdays = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"]
        for block in placed {
            let entry = inbox.first { $0.key.hasPrefix("proposal:\(block.id):") }
            let start = berlin.dateComponents([.weekday, .hour, .minute], from: block.start.date)
            let label = weekdays[(start.weekday ?? 1) - 1] + String(format: " %02d:%02d", start.hour ?? 0, start.minute ?? 0)
            let carrier = entries.first {
                $0.kind == "weeklyReceipt" && $0.body.contains("This week: \(label)")
                    && $0.firstSeen.date < block.start.date.addingTimeInterval(-8 * 3600)
            }
            // Answered right after the evening, so settled; the notify command's log shows it was sent first.
            #expect((entry ?? carrier).map { $0.firstSeen.date < block.start.date.addingTimeInterval(-8 * 3600) } == true,
                    "the proposal of \(block.start) was made the evening before: \(String(describing: entry))")
            #expect(delivered.contains(block.id) || (carrier != nil && delivered.contains("This week: \(label)")),
                    "the notify command got the proposal of \(block.id)")
        }
    }
}
