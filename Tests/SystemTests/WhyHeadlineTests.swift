import Foundation
import TestPrograms
import Testing
import VigorRPC

/// `vigorctl why` over a real socket says what decided each decision about a block: a suggestion made without any
/// history names the free calendars and the preferred hours, and the re-plan that moves it off a new meeting gets
/// its own headline, which the block's DESCRIPTION in vigord's calendar repeats, and the inbox offers the suggestion at
/// its new time. vigord's clock is pinned
/// (`PinnedDaemon`), so the test tells the same story on any day at any hour.
@Suite(.removesScratchFolders)
struct WhyHeadlineTests {
    private static func receipts(about block: String?, _ socket: [String]) throws -> [ReceiptView] {
        let json = try runCommand(Binaries.vigorctl, ["why"] + (block.map { [$0] } ?? []) + ["--json"] + socket)
        try #require(json.status == 0, "\(json.stderr)")
        return try RPCCoding.decode(ReceiptsListMethod.Result.self, from: try JSONParser.parse(Data(json.stdout.utf8))).receipts
    }

    private static func block(_ id: String, _ socket: [String]) throws -> BlockView {
        let json = try runCommand(Binaries.vigorctl, ["blocks", "--from", "2027-03-01", "--to", "2027-03-10", "--json"] + socket)
        try #require(json.status == 0, "\(json.stderr)")
        let blocks = try RPCCoding.decode(BlocksListMethod.Result.self, from: try JSONParser.parse(Data(json.stdout.utf8))).blocks
        return try #require(blocks.first { $0.id == id }, "\(blocks.map(\.id))")
    }

    private static func clock(_ date: Date) -> String {
        var utc = Calendar(identifier: .gregorian)
        utc.timeZone = TimeZone(identifier: "UTC")!
        let parts = utc.dateComponents([.hour, .minute], from: date)
        return String(format: "%02d:%02d", parts.hour ?? 0, parts.minute ?? 0)
    }

    @Test func aSuggestionWithoutHistorySaysTheFreeCalendarsAndPreferredHoursDecided() throws {
        let (daemon, _) = try PinnedDaemon.make("why-fresh")
        try daemon.start()
        defer { withExtendedLifetime(daemon) {} }
        let socket = ["--socket", daemon.socketPath]
        #expect(try runCommand(Binaries.vigorctl, ["trust", "set", "scheduler"] + socket).status == 0)
        #expect(try runCommand(Binaries.vigorctl, ["cycle", "evening"] + socket).status == 0)
        let proposal = try #require(try Self.receipts(about: nil, socket).first { $0.action == "proposed" })
        let start = try Self.block("b1", socket).start.date
        #expect(proposal.headline
            == "Suggested Thu \(Self.clock(start)) because your calendars are free then and it is inside your preferred hours.")
        #expect(proposal.factors.contains { $0.name == "Your past sessions" && $0.value == "no history yet" })
        let plain = try runCommand(Binaries.vigorctl, ["why", "b1"] + socket)
        #expect(plain.stdout.contains(proposal.headline) && !plain.stdout.contains("historical"), "\(plain.stdout)")
    }

    @Test func aSuggestionMovedOffANewMeetingSaysItMovedInWhyInItsDescriptionAndInTheInbox() throws {
        let (daemon, team) = try PinnedDaemon.make("why-moved")
        try daemon.start()
        defer { withExtendedLifetime(daemon) {} }
        let socket = ["--socket", daemon.socketPath]
        #expect(try runCommand(Binaries.vigorctl, ["trust", "set", "scheduler"] + socket).status == 0)
        #expect(try runCommand(Binaries.vigorctl, ["cycle", "evening"] + socket).status == 0)
        let before = try Self.block("b1", socket).start.date

        // A meeting lands on the suggestion: the team calendar gains it, the source watch re-plans.
        let stamp = { (date: Date) -> String in
            let formatter = DateFormatter()
            formatter.locale = Locale(identifier: "en_US_POSIX")
            formatter.timeZone = TimeZone(identifier: "UTC")
            formatter.dateFormat = "yyyyMMdd'T'HHmmss'Z'"
            return formatter.string(from: date)
        }
        let meeting = [
            "BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//vigord tests//EN", "BEGIN:VEVENT", "UID:board@why",
            "DTSTAMP:20270301T090000Z", "SUMMARY:Board meeting", "DTSTART:\(stamp(before))",
            "DTEND:\(stamp(before.addingTimeInterval(3600)))", "END:VEVENT", "END:VCALENDAR", "",
        ].joined(separator: "\r\n")
        try meeting.write(toFile: team + "/board.ics", atomically: true, encoding: .utf8)
        #expect(daemon.notify.waitFor(prefix: "STATUS=Serving; replanned the week", timeout: 60), "\(daemon.log.suffix(2_000))")

        let after = try Self.block("b1", socket).start.date
        #expect(after > before)
        let headline = "Moved the suggestion Thu \(Self.clock(before)) → \(Self.clock(after)): 'Board meeting' (team) now covers "
            + "\(Self.clock(before))–\(Self.clock(before.addingTimeInterval(3600)))."
        let newest = try #require(try Self.receipts(about: "b1", socket).first)
        #expect(newest.headline == headline)
        #expect(newest.factors.first == .init(
            name: "What changed", value: "'Board meeting' (team) now covers \(Self.clock(before))–\(Self.clock(before.addingTimeInterval(3600)))",
            impact: "hurt"))
        let plain = try runCommand(Binaries.vigorctl, ["why", "b1"] + socket)
        #expect(plain.stdout.hasPrefix(headline) || plain.stdout.contains("\(headline)\u{1B}") || plain.stdout.contains(headline + "\n"), "\(plain.stdout)")
        #expect(!plain.stdout.contains("best combination"))

        // The suggestion's DESCRIPTION in vigord's calendar says the same.
        let files = try FileManager.default.subpathsOfDirectory(atPath: daemon.folder + "/calendars").filter { $0.hasSuffix(".ics") }
        let texts = try files.map { try String(contentsOfFile: daemon.folder + "/calendars/" + $0, encoding: .utf8) }
            .map { $0.replacingOccurrences(of: "\r\n ", with: "").replacingOccurrences(of: "\\n", with: "\n") }
        #expect(texts.contains { $0.contains("Proposed: Run") && $0.contains(headline) }, "\(texts)")

        // And the user is told: the inbox holds the suggestion at its new time, with the answers that take it.
        let inbox = try runCommand(Binaries.vigorctl, ["inbox", "--json"] + socket)
        try #require(inbox.status == 0, "\(inbox.stderr)")
        let entries = try RPCCoding.decode(InboxListMethod.Result.self, from: try JSONParser.parse(Data(inbox.stdout.utf8))).entries
        let moved = try #require(entries.first { $0.kind == "proposal" && $0.title.contains(Self.clock(after)) }, "\(entries.map(\.title))")
        #expect(moved.actions.map(\.command) == ["vigorctl accept b1", "vigorctl decline b1"])
    }
}
