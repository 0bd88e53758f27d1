import Foundation
import TestPrograms
import Testing
import VigorRPC

private let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().path
private let tools = ["radicale", "vdirsyncer"]

/// The whole way to a phone and back, with real parts: Radicale as the CalDAV server, vdirsyncer with the configuration
/// Docs/calendars.md gives users, the real vigord. A calendar on the server comes down, vigord plans around it, its
/// block and the block's busy shadow go up, the block is deleted on the server, and vigord counts the deletion.
@Suite(.removesScratchFolders, .serialized, .enabled(if: TestTools.runnable(tools), "needs \(TestTools.missing(tools)) (Scripts/bootstrap installs them)"))
struct CalDAVRoundTripTests {
    @Test func aBlockGoesUpThroughVdirsyncerAndItsDeletionOnTheServerComesBackAsTheUsersDecision() throws {
        let radicale = try #require(Binaries.tool("radicale"), "radicale is not installed; Scripts/bootstrap installs it")
        let vdirsyncer = try #require(Binaries.tool("vdirsyncer"), "vdirsyncer is not installed; Scripts/bootstrap installs it")
        let folder = try makeScratchFolder("caldav")
        defer { removeScratch(folder) }
        let home = folder + "/home"
        let server = try RadicaleServer(folder: folder + "/radicale", executable: radicale)

        // The server side, as the user's phone and their employer left it.
        try server.makeCalendar("personal")
        try server.makeCalendar("work")
        // vigord lives on a Tuesday evening: its evening plans Wednesday, around that morning's standup.
        let evening = try TestNow.next(weekday: 3, hour: 19)
        let meetings = try (1...3).map { day in try TestNow.localTime(day, hour: 7, after: evening) }
        for (index, start) in meetings.enumerated() {
            try server.put(event(uid: "standup-\(index)@example.org", summary: "Standup", start: start, minutes: 60),
                           calendar: "personal", name: "standup-\(index)")
        }
        try server.put(event(uid: "budget@contoso", summary: "Budget review", start: meetings[0].addingTimeInterval(4 * 3600), minutes: 60),
                       calendar: "work", name: "budget")

        // vdirsyncer, configured exactly as the documentation says; `pass` stands in for the user's password store.
        let sync = try Vdirsyncer(home: home, executable: vdirsyncer, password: server.password, config: try documentedConfig(server))
        try sync.expect(["discover", "calendars"], input: "y\n")
        try sync.expect(["sync", "calendars"])
        #expect(try FileManager.default.contentsOfDirectory(atPath: home + "/.local/share/calendars/personal").count == 3)

        let daemon = try DaemonHarness(label: "caldav", config: """
            [schedule]
            timezone = "Europe/Berlin"
            evening = "23:59"
            [[calendar.source]]
            name = "personal"
            path = "\(home)/.local/share/calendars/personal"
            [calendar.output]
            path = "\(home)/.local/share/vigor/calendars"
            [calendar.shadow]
            path = "\(home)/.local/share/vigor/busy"
            [training]
            sessions_per_week = 7
            [engine.trust]
            autonomous_action_base_threshold = 0.05
            """, extraEnvironment: ["HOME": home], now: evening)
        try daemon.start()
        let socket = ["--socket", daemon.socketPath]
        #expect(try runCommand(Binaries.vigorctl, ["trust", "set", "autoScheduler"] + socket).status == 0)
        let cycle = try runCommand(Binaries.vigorctl, ["cycle", "evening"] + socket)
        #expect(cycle.status == 0, "\(cycle.stderr)")
        // This story follows the block alone: the week's holds are released (their own story is below).
        #expect(try runCommand(Binaries.vigorctl, ["plan", "--release", "week"] + socket).status == 0)
        let blocks = try daemon.connect().call(BlocksListMethod.self, .init()).blocks.filter { $0.status == "scheduled" }
        let block = try #require(blocks.first, "the evening cycle wrote no block: \(cycle.stdout)")
        #expect(!meetings.contains { $0 < block.end.date && block.start.date < $0.addingTimeInterval(3600) },
                "the block \(block.start)–\(block.end) lies on a meeting that came down from the server")
        let local = try #require(try blockFile(in: home + "/.local/share/vigor/calendars/vigor", block: block.id))
        let uid = try #require(CalDAVItem(href: local, ics: try String(contentsOfFile: local, encoding: .utf8)).property("UID"))

        // Up: vigord's calendar to the server, the busy shadow to the work calendar.
        try sync.expect(["discover", "vigor", "busy"], input: "y\n")
        try sync.expect(["metasync", "vigor"])
        try sync.expect(["sync", "vigor", "busy"])
        #expect(try server.displayName(of: "vigor") == "Vigor")
        let uploaded = try server.events(in: "vigor")
        #expect(uploaded.compactMap { $0.property("UID") } == [uid])
        let onServer = try #require(uploaded.first)
        #expect(onServer.property("SEQUENCE") == "0")
        #expect(onServer.property("SUMMARY") == "Run", "the first session of a user with no equipment and no injuries")
        #expect(onServer.property("DESCRIPTION")?.hasPrefix("45 minutes of running.\\n\\nWhy this time: ") == true)
        #expect(onServer.property("CATEGORIES") == "Vigor,Training" && onServer.property("COLOR") == "darkorchid")
        #expect(onServer.ics.contains("BEGIN:VALARM\r\nACTION:DISPLAY\r\nDESCRIPTION:Run\r\nTRIGGER:-PT10M\r\nEND:VALARM\r\n"))
        let work = try server.events(in: "work")
        #expect(Set(work.compactMap { $0.property("SUMMARY") }) == ["Budget review", "Busy"])
        let busy = try #require(work.first { $0.property("SUMMARY") == "Busy" })
        #expect(busy.property("CLASS") == "PRIVATE" && busy.property("TRANSP") == "OPAQUE")
        #expect(busy.property("UID") != uid && busy.property("DTSTART") == onServer.property("DTSTART"))
        for absent in ["DESCRIPTION", "LOCATION", "CATEGORIES"] { #expect(busy.property(absent) == nil, "\(absent) reached the work calendar") }
        #expect(!busy.ics.contains("VALARM"))
        #expect(try FileManager.default.contentsOfDirectory(atPath: home + "/.local/share/vigor/busy").count == 1,
                "the work meetings stay on the server")

        // The user moves the block an hour later on their phone; vdirsyncer brings the change down and vigord learns
        // it as the user's move: the block keeps the time they gave it.
        let moved = (start: block.start.date.addingTimeInterval(3600), end: block.end.date.addingTimeInterval(3600))
        let movedICS = onServer.ics
            .replacingOccurrences(of: "DTSTART:\(utcStamp(block.start.date))", with: "DTSTART:\(utcStamp(moved.start))")
            .replacingOccurrences(of: "DTEND:\(utcStamp(block.end.date))", with: "DTEND:\(utcStamp(moved.end))")
            .replacingOccurrences(of: "SEQUENCE:0", with: "SEQUENCE:1")
        #expect(movedICS.contains("DTSTART:\(utcStamp(moved.start))"), "\(onServer.ics)")
        try server.put(movedICS, calendar: "vigor", name: String((onServer.href as NSString).lastPathComponent.dropLast(".ics".count)))
        try sync.expect(["sync", "vigor"])
        #expect(daemon.notify.waitFor(prefix: "STATUS=Serving; learned 1 edit(s)", timeout: 60), "vigord did not notice the move")
        let afterMove = try #require(try daemon.connect().call(BlocksListMethod.self, .init()).blocks.first { $0.id == block.id })
        #expect(afterMove.start.date == moved.start && afterMove.status == "scheduled")
        daemon.notify.forget()
        try sync.expect(["sync", "vigor"])

        // The user deletes the block on their phone. It was vigord's only event: vdirsyncer refuses to empty the
        // local side until told, as the documentation says.
        try server.delete(href: onServer.href)
        let refused = try sync.run(["sync", "vigor"])
        #expect(refused.status != 0)
        #expect(refused.stderr.contains("was completely emptied"), "\(refused.stderr)")
        try sync.expect(["sync", "--force-delete", "vigor"])
        #expect(!FileManager.default.fileExists(atPath: local))

        // vigord notices (inotify), and the safety breaker counts the deletion of a block it wrote itself; the same
        // pass takes the busy event out of the work calendar (the meeting stays).
        #expect(daemon.notify.waitFor(prefix: "STATUS=Serving; learned 1 edit(s)", timeout: 60), "vigord did not notice the deletion")
        let status = try daemon.connect().call(StatusMethod.self, NoParams())
        #expect(status.ghost.breakerDeletions == 1)
        #expect(try daemon.connect().call(BlocksListMethod.self, .init()).blocks.first { $0.id == block.id }?.status == "removed")
        #expect(try FileManager.default.contentsOfDirectory(atPath: home + "/.local/share/vigor/busy").isEmpty)
        let emptied = try sync.run(["sync", "busy"])
        #expect(emptied.stderr.contains("was completely emptied"), "\(emptied.stderr)")
        try sync.expect(["sync", "--force-delete", "busy"])
        #expect(try server.events(in: "work").compactMap { $0.property("SUMMARY") } == ["Budget review"])
    }
}

extension CalDAVRoundTripTests {
    /// The work calendar on the server holds "Busy" for exactly the block and the defended holds: a hold turning
    /// defended (its day filling up) arrives with the next sync, a released one leaves with it.
    @Test func theWorkCalendarGetsBusyForTheBlockAndTheDefendedHoldsOnly() throws {
        let radicale = try #require(Binaries.tool("radicale"), "radicale is not installed; Scripts/bootstrap installs it")
        let vdirsyncer = try #require(Binaries.tool("vdirsyncer"), "vdirsyncer is not installed; Scripts/bootstrap installs it")
        let folder = try makeScratchFolder("caldav-holds")
        defer { removeScratch(folder) }
        let home = folder + "/home"
        let server = try RadicaleServer(folder: folder + "/radicale", executable: radicale)
        try server.makeCalendar("personal")
        try server.makeCalendar("work")
        // Sunday evening: Monday gets the block, Wednesday and Friday are held; Wednesday is within 72 hours.
        let evening = try TestNow.next(weekday: 1, hour: 20)
        let sync = try Vdirsyncer(home: home, executable: vdirsyncer, password: server.password, config: try documentedConfig(server))
        try sync.expect(["discover", "calendars"], input: "y\n")
        try sync.expect(["sync", "calendars"])
        let daemon = try DaemonHarness(label: "caldav-holds", config: """
            [schedule]
            timezone = "Europe/Berlin"
            evening = "23:59"
            [[calendar.source]]
            name = "personal"
            path = "\(home)/.local/share/calendars/personal"
            [calendar.output]
            path = "\(home)/.local/share/vigor/calendars"
            [calendar.shadow]
            path = "\(home)/.local/share/vigor/busy"
            [training]
            sessions_per_week = 3
            min_hours_between_sessions = 40
            [engine.trust]
            autonomous_action_base_threshold = 0.05
            """, extraEnvironment: ["HOME": home], now: evening)
        try daemon.start()
        let socket = ["--socket", daemon.socketPath]
        #expect(try runCommand(Binaries.vigorctl, ["trust", "set", "autoScheduler"] + socket).status == 0)
        #expect(try runCommand(Binaries.vigorctl, ["cycle", "evening"] + socket).status == 0)
        let plan = try daemon.connect().call(PlanWeekMethod.self, NoParams()).days
        let held = plan.filter { $0.status == "held" }
        #expect(held.map { $0.defended } == [true, false], "\(plan)")
        let block = try #require(try daemon.connect().call(BlocksListMethod.self, .init()).blocks.first { $0.status == "scheduled" })

        try sync.expect(["discover", "busy"], input: "y\n")
        try sync.expect(["sync", "busy"])
        func busyStarts() throws -> Set<String> {
            Set(try server.events(in: "work").filter { $0.property("SUMMARY") == "Busy" }.compactMap { $0.property("DTSTART") })
        }
        let wednesday = try #require(held.first?.start?.date)
        let friday = try #require(held.last?.start?.date)
        #expect(try busyStarts() == [utcStamp(block.start.date), utcStamp(wednesday)])

        // Friday fills up: an early call and an offsite leave it 75 free minutes, so its hold turns busy.
        let fridayCall = try TestNow.localTime(5, hour: 6, after: evening)
        try server.put(event(uid: "call@example.org", summary: "Early call", start: fridayCall, minutes: 45), calendar: "personal", name: "call")
        try server.put(event(uid: "offsite@example.org", summary: "Offsite", start: fridayCall.addingTimeInterval(2 * 3600), minutes: 13 * 60),
                       calendar: "personal", name: "offsite")
        daemon.notify.forget()
        try sync.expect(["sync", "calendars"])
        #expect(daemon.notify.waitFor(prefix: "STATUS=Serving; replanned the week", timeout: 60), "vigord did not re-plan")
        // vdirsyncer writes the two events one after the other; on a loaded machine the first re-plan may have seen
        // only one of them, and the next re-plan (a later notice) sees both.
        let defended: Set = [utcStamp(block.start.date), utcStamp(wednesday), utcStamp(friday)]
        var busy: Set<String> = []
        for _ in 0..<4 {
            try sync.expect(["sync", "busy"])
            busy = try busyStarts()
            if busy == defended { break }
            daemon.notify.forget()
            _ = daemon.notify.waitFor(prefix: "STATUS=Serving; replanned the week", timeout: 15)
        }
        #expect(busy == defended)

        // Wednesday released: its Busy leaves the work calendar with the next sync; the rest stay.
        #expect(try runCommand(Binaries.vigorctl, ["plan", "--release", "wed"] + socket).status == 0)
        try sync.expect(["sync", "busy"])
        #expect(try busyStarts() == [utcStamp(block.start.date), utcStamp(friday)])
    }
}

/// vdirsyncer with a home of its own (its configuration, status and the synced folders live there) and a `pass`
/// on its PATH that prints the server's password.
private struct Vdirsyncer {
    let home: String
    let executable: String
    let environment: [String: String]

    init(home: String, executable: String, password: String, config: String) throws {
        self.home = home
        self.executable = executable
        try FileManager.default.createDirectory(atPath: home + "/.config/vdirsyncer", withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: home + "/bin", withIntermediateDirectories: true)
        try config.write(toFile: home + "/.config/vdirsyncer/config", atomically: true, encoding: .utf8)
        try "#!/bin/sh\necho '\(password)'\n".write(toFile: home + "/bin/pass", atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: home + "/bin/pass")
        environment = ["HOME": home, "PATH": home + "/bin:/usr/bin:/bin", "LANG": "C.UTF-8"]
    }

    func run(_ arguments: [String], input: String = "") throws -> ToolOutput {
        try runTool(executable, arguments, environment: environment, input: input)
    }

    /// Runs and records a failure with what vdirsyncer said.
    func expect(_ arguments: [String], input: String = "", sourceLocation: SourceLocation = #_sourceLocation) throws {
        let output = try run(arguments, input: input)
        #expect(output.status == 0, "vdirsyncer \(arguments.joined(separator: " ")): \(output.stderr)", sourceLocation: sourceLocation)
    }
}

/// The vdirsyncer configuration of Docs/calendars.md (its blocks that start `# ~/.config/vdirsyncer/config`), with
/// the example servers replaced by the test's Radicale.
private func documentedConfig(_ server: RadicaleServer) throws -> String {
    let document = try String(contentsOfFile: repository + "/Docs/calendars.md", encoding: .utf8)
    let blocks = document.components(separatedBy: "```ini\n").dropFirst().map { $0.components(separatedBy: "```")[0] }
        .filter { $0.hasPrefix("# ~/.config/vdirsyncer/config") }
    #expect(blocks.count == 2, "Docs/calendars.md should give the configuration in two blocks (both ways, and the shadow)")
    let config = blocks.joined(separator: "\n")
    #expect(config.contains("https://cal.example.org/") && config.contains("https://dav.example.com/calendars/ana/work/"))
    return config.replacingOccurrences(of: "https://dav.example.com/calendars/ana/work/", with: server.root + "\(server.user)/work/")
        .replacingOccurrences(of: "https://cal.example.org/", with: server.root)
}

private func event(uid: String, summary: String, start: Date, minutes: Int) -> String {
    let formatter = DateFormatter()
    formatter.locale = Locale(identifier: "en_US_POSIX")
    formatter.timeZone = TimeZone(identifier: "UTC")
    formatter.dateFormat = "yyyyMMdd'T'HHmmss'Z'"
    return [
        "BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//Example//Phone//EN", "BEGIN:VEVENT", "UID:\(uid)",
        "DTSTAMP:\(formatter.string(from: start))", "DTSTART:\(formatter.string(from: start))",
        "DTEND:\(formatter.string(from: start.addingTimeInterval(TimeInterval(minutes * 60))))", "SUMMARY:\(summary)",
        "END:VEVENT", "END:VCALENDAR", "",
    ].joined(separator: "\r\n")
}

private func removeScratch(_ folder: String) {
    do {
        try FileManager.default.removeItem(atPath: folder)
    } catch {
        Issue.record("could not remove \(folder): \(error)")
    }
}

/// `20261123T060000Z`: how vigord and the phone write a UTC time.
private func utcStamp(_ date: Date) -> String {
    let formatter = DateFormatter()
    formatter.locale = Locale(identifier: "en_US_POSIX")
    formatter.timeZone = TimeZone(identifier: "UTC")
    formatter.dateFormat = "yyyyMMdd'T'HHmmss'Z'"
    return formatter.string(from: date)
}
