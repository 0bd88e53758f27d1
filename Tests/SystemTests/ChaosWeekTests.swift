import Foundation
import TestPrograms
import Testing
import VigorRPC

#if canImport(Glibc)
import Glibc
#endif

/// One vigord lives through a week on its test clock (cycles, check-ins, imports, re-plans after calendar changes) while
/// faults are injected at random from a seed: the disk that holds its state, calendar and inbox full for an hour (a real
/// ENOSPC on a small tmpfs), the desktop's notification server gone (a private dbus-daemon with dunst, killed and
/// started again), vigord's calendar folder unwritable, a calendar source replaced by a FIFO, the notify command
/// hanging, kill -9 (restarted as systemd would), a reload of an invalid configuration. Then
/// calm days until the Ghost is healthy again, and the checks: every block the database holds is in the calendar as the
/// database says, the calendar holds no block the database does not know, ghost health is back to Healthy, the log
/// tells every failure once when it starts and once when it ends, and the last process's RSS did not grow.
///
/// `VIGOR_CHAOS_SEED=N` replays one seed; `VIGOR_CHAOS_DAYS=N` lives longer (Scripts/chaos-soak).
@Suite(.removesScratchFolders, .serialized) struct ChaosWeekTests {
    @Test func aWeekOfFaultsLosesNothingAndEndsHealthy() throws {
        let environment = ProcessInfo.processInfo.environment
        let seed = environment["VIGOR_CHAOS_SEED"].flatMap(UInt64.init) ?? 7  // a week that meets every kind of fault
        let days = environment["VIGOR_CHAOS_DAYS"].flatMap(Int.init) ?? 7
        let week = try ChaosWeek(seed: seed, days: days)
        let report: ChaosReport
        do {
            report = try week.run()
        } catch {
            // What the log told of failures and starts, to read beside the seed that replays it.
            print(week.failureLines.joined(separator: "\n"))
            print("the log's last lines:\n" + week.logTail(40))
            throw error
        }
        print("chaos week seed \(seed): \(report)")
        if environment["VIGOR_CHAOS_LOG"] == "1" { print(week.failureLines.joined(separator: "\n")) }
        // The week met what it claims: every kind of fault this machine can inject, and blocks to check afterwards.
        let injected = Set(report.faults.filter { $0.value > 0 }.keys)
        #expect(Set(week.injectable.map(\.rawValue)).subtracting(injected).isEmpty, "faults never injected: \(report.faults)")
        #expect(report.blocksChecked > 0, "no block was checked against the calendar")
        #expect(report.answers > 0, "the user never answered from the command line")
        if week.disk == nil {
            print("root-only: ChaosWeekTests.aWeekOfFaultsLosesNothingAndEndsHealthy injected no full disk (a tmpfs needs root)")
        }
    }
}

/// What a chaos run did, for the test's output and the soak script.
struct ChaosReport: CustomStringConvertible {
    var days = 0
    var faults: [String: Int] = [:]
    var restarts = 0
    var calmDays = 0
    var blocksChecked = 0
    var failureEpisodes = 0
    var rssKilobytes: (first: Int, last: Int) = (0, 0)
    var blockStatuses: [String: Int] = [:]
    var answers = 0
    /// Lines of the log that tell notifying through the desktop failing.
    var desktopFailuresLogged = 0

    var description: String {
        let kinds = faults.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value)" }.joined(separator: ", ")
        return "\(days) days, \(faults.values.reduce(0, +)) faults (\(kinds)), \(restarts) restarts, \(answers) answers from vigorctl, \(calmDays) calm days to Healthy, "
            + "\(blocksChecked) blocks checked against the calendar, \(failureEpisodes) failure episodes logged start and end "
            + "(\(desktopFailuresLogged) of the desktop: a notification tried while its server was gone), "
            + "RSS \(rssKilobytes.first) kB -> \(rssKilobytes.last) kB; blocks by status: \(blockStatuses.sorted { $0.key < $1.key })"
    }
}

/// A small seeded generator (SplitMix64), so a seed replays the same faults at the same steps.
struct ChaosRandom {
    private var state: UInt64
    init(seed: UInt64) { state = seed }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    mutating func below(_ bound: Int) -> Int { Int(next() % UInt64(bound)) }
    mutating func chance(_ percent: Int) -> Bool { below(100) < percent }
}

/// The faults the week injects; each but `kill` lasts a few steps and is then undone.
enum ChaosFault: String, CaseIterable {
    case diskFull
    case notificationServerGone
    case calendarUnwritable
    case sourceUnreadable
    case notifyHangs
    case invalidReload
    case kill
}

final class ChaosWeek {
    let seed: UInt64
    let days: Int
    let folder: String
    let socketPath: String
    let logPath: String
    let notify: NotifySocket
    /// The disk that holds vigord's state, calendar and inbox: a tmpfs, filled for the disk-full fault (as root; else a
    /// folder, and the week injects no full disk).
    let disk: SmallTmpfs?
    let diskPath: String
    /// The desktop's notification server (a private bus with dunst), which the week kills and brings back; nil when its
    /// tools are missing (then no such fault; under VIGOR_REQUIRE_TEST_TOOLS=1 a missing tool fails the week).
    let desktop: ChaosDesktop?
    private var random: ChaosRandom
    private var process: ChildProcess?
    private var offsetHours = 0.0
    /// vigord's clock at the first start (the tests' own instant, never the machine's), and the machine's clock then:
    /// each restart goes on from where the clock was.
    private let clockStart: Date
    private let madeAt = Date()
    private var report = ChaosReport()
    /// Active faults and the steps they still last.
    private var active: [ChaosFault: Int] = [:]
    private var unwritable: UnwritableFolder?
    /// Answers -32007 seen while vigord's calendar was unwritable.
    private var calendarWriteFailuresSeen = 0
    /// Answers -32005 seen while the disk was full.
    private var storageFailuresSeen = 0
    /// Hours the clock moved today besides the day's own step (the disk-full hour).
    private var extraHoursToday = 0.0
    /// Proposals and missed blocks answered with vigorctl ("proposal b1", "missed b1").
    private var answered: Set<String> = []

    init(seed: UInt64, days: Int) throws {
        self.seed = seed
        self.days = days
        random = ChaosRandom(seed: seed)
        clockStart = try TestNow.instant
        folder = try makeScratchFolder("chaos")
        socketPath = folder + "/run/vigord.sock"
        logPath = folder + "/vigord.log"
        notify = try NotifySocket(folder: folder)
        disk = getuid() == 0 ? try SmallTmpfs(kilobytes: 64 * 1024) : nil
        diskPath = disk?.path ?? folder + "/disk"
        if ChaosDesktop.available {
            desktop = try ChaosDesktop(folder: folder + "/desktop")
        } else if ProcessInfo.processInfo.environment["VIGOR_REQUIRE_TEST_TOOLS"] == "1" {
            throw ChaosFailure("missing one of \(ChaosDesktop.tools) (Scripts/bootstrap installs them)", seed: seed)
        } else {
            desktop = nil
        }
        try FileManager.default.createDirectory(atPath: folder + "/sources", withIntermediateDirectories: true)
        try Self.workCalendar.write(toFile: sourcePath, atomically: true, encoding: .utf8)
        try "#!/bin/sh\n[ -e \(folder)/hang ] && exec sleep 30\ncat >> \(folder)/delivered.log\necho >> \(folder)/delivered.log\n"
            .write(toFile: folder + "/notify.sh", atomically: true, encoding: .utf8)
        chmod(folder + "/notify.sh", 0o755)
        try config.write(toFile: configPath, atomically: true, encoding: .utf8)
        guard FileManager.default.createFile(atPath: logPath, contents: nil) else { throw ChaosFailure("cannot create \(logPath)", seed: seed) }
    }

    deinit {
        if let unwritable { try? unwritable.restore() }
        if let process {
            process.signal(SIGKILL)
            process.waitForExit()
        }
        try? FileManager.default.removeItem(atPath: folder)
    }

    /// The line the test writes into vigord's log before each start.
    static let startMarker = "--- chaos: vigord starts ---"

    var configPath: String { folder + "/config.toml" }
    var sourcePath: String { folder + "/sources/work.ics" }
    var collection: String { diskPath + "/calendars/vigor" }

    var config: String {
        """
        [schedule]
        timezone = "UTC"
        [training]
        sessions_per_week = 7
        [calendar.output]
        path = "\(diskPath)/calendars"
        [[calendar.source]]
        name = "work"
        path = "\(sourcePath)"
        [health]
        drop_folder = "\(diskPath)/inbox"
        [notify]
        desktop = \(desktop != nil)
        command = ["\(folder)/notify.sh"]
        command_timeout_seconds = 1

        """
    }

    static let workCalendar = """
        BEGIN:VCALENDAR\r
        VERSION:2.0\r
        PRODID:-//chaos//EN\r
        BEGIN:VEVENT\r
        UID:standup@chaos\r
        DTSTAMP:20260101T000000Z\r
        DTSTART:20260105T090000Z\r
        DTEND:20260105T091500Z\r
        RRULE:FREQ=DAILY\r
        SUMMARY:Standup\r
        END:VEVENT\r
        END:VCALENDAR\r

        """

    /// The kinds of fault this machine can inject: a full disk needs root (a tmpfs), the server gone needs the desktop.
    var injectable: [ChaosFault] {
        ChaosFault.allCases.filter { ($0 != .diskFull || disk != nil) && ($0 != .notificationServerGone || desktop != nil) }
    }

    /// Runs the week, the calm days and the checks; throws with the seed when a check fails.
    func run() throws -> ChaosReport {
        try start()
        try expectOK(call("trust.set", #"{"phase":"autoScheduler"}"#), "trust.set")
        report.rssKilobytes.first = try rss()
        for day in 0..<days {
            report.days += 1
            for step in ["morning", "checkin", "import", "evening", "answers"] {
                try maybeInjectFault()
                try act(step, day: day)
                try ageFaults()
                // Read the daemon's status messages as systemd does: sd_notify blocks on a full queue (10 here).
                notify.forget()
            }
            try advance(hours: 24 - extraHoursToday)
            extraHoursToday = 0
        }
        try endAllFaults()
        try calmDown()
        try checkCalendarMatchesDatabase()
        try checkFailuresToldOnceEach()
        report.rssKilobytes.last = try rss()
        // Restarts start afresh, so the bound is loose: the process at the end holds no more than half again what the
        // first held after its start, plus room for a week of state.
        guard report.rssKilobytes.last <= report.rssKilobytes.first * 3 / 2 + 16_384 else {
            throw ChaosFailure("RSS grew from \(report.rssKilobytes.first) kB to \(report.rssKilobytes.last) kB", seed: seed)
        }
        return report
    }

    // MARK: the daemon

    private func start() throws {
        var environment = ProcessInfo.processInfo.environment
        environment["NOTIFY_SOCKET"] = notify.path
        environment["VIGORD_TEST_HOOKS"] = "1"
        environment["VIGORD_CLOCK_START"] = TestNow.text(clockStart.addingTimeInterval(Date().timeIntervalSince(madeAt)))
        environment["VIGORD_CLOCK_OFFSET_HOURS"] = "\(offsetHours)"
        environment.removeValue(forKey: "VIGOR_SOCKET")
        environment.removeValue(forKey: "LISTEN_FDS")
        environment["DBUS_SESSION_BUS_ADDRESS"] = desktop?.address
        let log = try FileHandle(forWritingTo: URL(fileURLWithPath: logPath))
        log.seekToEndOfFile()
        // What a process logs before "ready" (a full disk met at start) is its own: the checks split the log here.
        log.write(Data((Self.startMarker + "\n").utf8))
        notify.forget()
        // test clock: VIGORD_CLOCK_START and VIGORD_CLOCK_OFFSET_HOURS above.
        process = try ChildProcess(
            executable: Binaries.vigord, arguments: ["--socket", socketPath, "--state-dir", diskPath + "/state", "--config", configPath],
            environment: environment, standardOutput: .descriptor(log.fileDescriptor), standardError: .standardOutput,
            newProcessGroup: true)
        try log.close()
        guard notify.waitFor("READY=1") else { throw ChaosFailure("vigord did not start:\n\(logText)", seed: seed) }
    }

    private func killAndRestart() throws {
        guard let process else { return }
        process.signal(SIGKILL)
        process.waitForExit()
        report.restarts += 1
        try start()
    }

    private func advance(hours: Double) throws {
        try expectOK(call("debug.clock", #"{"advanceHours":\#(hours)}"#), "debug.clock")
        offsetHours += hours
    }

    private func call(_ method: String, _ params: String) throws -> JSONValue {
        let frame = #"{"jsonrpc":"2.0","method":"\#(method)","params":\#(params),"id":1}"#
        do {
            let reply = try RPCConnection(socketPath: socketPath, timeoutSeconds: 30).exchange(Data(frame.utf8))
            return try JSONParser.parse(reply)
        } catch {
            throw ChaosFailure("\(method) \(params): \(error)", seed: seed)
        }
    }

    /// The daemon's clock.
    private func daemonNow() throws -> Date {
        let text = try call("debug.clock", #"{"advanceHours":0}"#).objectValue?["result"]?.objectValue?["now"]?.stringValue ?? ""
        guard let now = RPCTimestamp(rfc3339: text)?.date else { throw ChaosFailure("debug.clock answered no time: \(text)", seed: seed) }
        return now
    }

    private func expectOK(_ reply: JSONValue, _ what: String) throws {
        if let error = reply.objectValue?["error"] { throw ChaosFailure("\(what) failed: \(error)", seed: seed) }
    }

    /// The log's lines that tell a failure starting or ending, and the starts.
    var failureLines: [String] {
        logText.split(separator: "\n").map(String.init).filter {
            $0.contains(" operation=") || $0.contains(" ready ") || $0.contains("refused") || $0.contains("stopped")
        }
    }

    /// The last `count` lines of vigord's log.
    func logTail(_ count: Int) -> String {
        logText.split(separator: "\n").suffix(count).joined(separator: "\n")
    }

    private var logText: String { (try? String(contentsOfFile: logPath, encoding: .utf8)) ?? "" }

    private func rss() throws -> Int {
        guard let process else { return 0 }
        let status = try String(contentsOfFile: "/proc/\(process.pid)/status", encoding: .utf8)
        let line = status.split(separator: "\n").first { $0.hasPrefix("VmRSS:") } ?? ""
        return Int(line.split(separator: " ").dropFirst().first ?? "") ?? 0
    }

    // MARK: the user's week

    private func act(_ step: String, day: Int) throws {
        switch step {
        case "morning", "evening":
            let reply = try call("cycle.run", #"{"kind":"\#(step)"}"#)
            try expectAnsweredOrCalendarFault(reply, step)
        case "answers":
            try answerFromTheCommandLine()
        case "checkin":
            let reply = try call("checkin.record", #"{"slept":\#(6 + day % 3),"felt":"ok"}"#)
            try expectAnsweredOrCalendarFault(reply, "checkin.record")
        default:
            let file = folder + "/hrv-\(day).jsonl"
            let stamp = ISO8601DateFormatter().string(from: try daemonNow())
            try #"{"type":"hrv","start":"\#(stamp)","value":\#(40 + day % 10),"unit":"ms","source":"chaos"}"#.appending("\n")
                .write(toFile: file, atomically: true, encoding: .utf8)
            let reply = try call("health.import", #"{"path":"\#(file)"}"#)
            try expectAnsweredOrCalendarFault(reply, "health.import")
        }
    }

    /// Accepts every proposal and answers every missed block with `vigorctl`, as the user would; an answered one must
    /// never be asked again.
    private func answerFromTheCommandLine() throws {
        let status = try RPCConnection(socketPath: socketPath, timeoutSeconds: 30).call(StatusMethod.self, NoParams())
        if active[.diskFull] != nil, !status.storage.ok {
            guard status.storage.failingSince != nil, status.storage.reason?.isEmpty == false else {
                throw ChaosFailure("status shows a storage failure without when or why: \(status.storage)", seed: seed)
            }
        }
        let askedAgain = status.plan.proposals.map { "proposal " + $0.id }.filter(answered.contains)
            + status.plan.pendingTriage.map { "missed " + $0.id }.filter(answered.contains)
        guard askedAgain.isEmpty else { throw ChaosFailure("answered, then asked again: \(askedAgain)", seed: seed) }
        let socket = ["--socket", socketPath]
        let answers = status.plan.proposals.map { (["accept", $0.id], "proposal " + $0.id) }
            + status.plan.pendingTriage.map { (["triage", "answer", $0.id, "--reason", "life-happened"], "missed " + $0.id) }
        for (arguments, id) in answers {
            let outcome = try runCommand(Binaries.vigorctl, arguments + socket)
            let calendarFault = (active[.calendarUnwritable] != nil || active[.diskFull] != nil)
                && outcome.stderr.contains("calendar could not be written")
            if calendarFault { calendarWriteFailuresSeen += 1 }
            // Not saved on a full disk: the answer is asked for again, and given again, once the disk allows.
            if active[.diskFull] != nil && outcome.stderr.contains("Storage failed") {
                storageFailuresSeen += 1
                continue
            }
            guard outcome.status == 0 || calendarFault else {
                throw ChaosFailure("vigorctl \(arguments.joined(separator: " ")) failed: \(outcome.stderr)", seed: seed)
            }
            answered.insert(id)
            report.answers += 1
        }
    }

    /// A request succeeds, or answers -32007 while vigord's calendar is unwritable (what was decided is saved), or -32005
    /// (nothing saved) or -32007 while the disk is full.
    private func expectAnsweredOrCalendarFault(_ reply: JSONValue, _ what: String) throws {
        guard let error = reply.objectValue?["error"] else { return }
        let code = error.objectValue?["code"]
        if active[.calendarUnwritable] != nil || active[.diskFull] != nil, code == .integer(Int64(RPCErrorCode.calendarWriteFailed.rawValue)) {
            calendarWriteFailuresSeen += 1
            return
        }
        if active[.diskFull] != nil, code == .integer(Int64(RPCErrorCode.storageFailed.rawValue)) {
            storageFailuresSeen += 1
            return
        }
        throw ChaosFailure("\(what) failed: \(error)", seed: seed)
    }

    // MARK: faults

    private func maybeInjectFault() throws {
        guard random.chance(35) else { return }
        let fault = ChaosFault.allCases[random.below(ChaosFault.allCases.count)]
        // A restart with an invalid file in place is refused (exit 78), as it should be: no kill while one is.
        guard active[fault] == nil, !(fault == .kill && active[.invalidReload] != nil), fault != .diskFull || disk != nil,
              fault != .notificationServerGone || desktop != nil
        else { return }
        report.faults[fault.rawValue, default: 0] += 1
        switch fault {
        case .kill:
            try killAndRestart()
            return
        case .diskFull:
            try disk?.fill()
            // An hour passes on the full disk: the engine's tick and the cycles' checks meet it too.
            try advance(hours: 1)
            extraHoursToday += 1
            // Half the time vigord is killed on the full disk: systemd restarts it, and it must come up and serve (not
            // while an invalid file is in place, which a start rightly refuses).
            if random.chance(50) && active[.invalidReload] == nil {
                report.faults["killOnFullDisk", default: 0] += 1
                try killAndRestart()
            }
        case .notificationServerGone:
            desktop?.kill()
        case .calendarUnwritable:
            try FileManager.default.createDirectory(atPath: collection, withIntermediateDirectories: true)
            unwritable = try UnwritableFolder(collection)
        case .sourceUnreadable:
            try FileManager.default.moveItem(atPath: sourcePath, toPath: sourcePath + ".away")
            guard mkfifo(sourcePath, 0o600) == 0 else { throw ChaosFailure("mkfifo \(sourcePath)", seed: seed) }
            // The user asks for their busy time: vigord reads the source at once, and must not wait on the FIFO.
            let busy = try call("calendar.busy", "{}")
            guard case .array(let unknown)? = busy.objectValue?["result"]?.objectValue?["unknownDays"], !unknown.isEmpty else {
                throw ChaosFailure("a FIFO in place of the source left no day unknown: \(busy)", seed: seed)
            }
        case .notifyHangs:
            guard FileManager.default.createFile(atPath: folder + "/hang", contents: nil) else { throw ChaosFailure("hang flag", seed: seed) }
        case .invalidReload:
            try config.replacingOccurrences(of: "sessions_per_week = 7", with: "sessions_per_week = \"many\"")
                .write(toFile: configPath, atomically: true, encoding: .utf8)
            let reply = try call("daemon.reload", "{}")
            guard reply.objectValue?["error"]?.objectValue?["code"] == .integer(Int64(RPCErrorCode.configInvalid.rawValue)) else {
                throw ChaosFailure("an invalid reload was not refused: \(reply)", seed: seed)
            }
        }
        active[fault] = 1 + random.below(3)
    }

    private func ageFaults() throws {
        for (fault, left) in active {
            if left > 1 { active[fault] = left - 1 } else { try end(fault) }
        }
    }

    private func endAllFaults() throws {
        for fault in Array(active.keys) { try end(fault) }
    }

    private func end(_ fault: ChaosFault) throws {
        active[fault] = nil
        switch fault {
        case .kill:
            return
        case .diskFull:
            try disk?.release()
        case .notificationServerGone:
            try desktop?.start()
        case .calendarUnwritable:
            try unwritable?.restore()
            unwritable = nil
        case .sourceUnreadable:
            try FileManager.default.removeItem(atPath: sourcePath)
            try FileManager.default.moveItem(atPath: sourcePath + ".away", toPath: sourcePath)
            try expectOK(call("calendar.busy", "{}"), "calendar.busy with the source back")
        case .notifyHangs:
            try FileManager.default.removeItem(atPath: folder + "/hang")
        case .invalidReload:
            try config.write(toFile: configPath, atomically: true, encoding: .utf8)
            try expectOK(call("daemon.reload", "{}"), "the reload of the valid file")
        }
    }

    /// Calm days (cycles, no faults) until the Ghost is healthy and its calendar in step; at most two weeks.
    private func calmDown() throws {
        for _ in 0..<14 {
            let status = try RPCConnection(socketPath: socketPath, timeoutSeconds: 30).call(StatusMethod.self, NoParams())
            if status.ghost.ghostHealth == "healthy" && status.calendarWrites.ok && status.storage.ok && report.calmDays > 0
                && failingInTheLastRun().isEmpty
            {
                return
            }
            report.calmDays += 1
            try expectOK(call("cycle.run", #"{"kind":"morning"}"#), "calm morning")
            try expectOK(call("cycle.run", #"{"kind":"evening"}"#), "calm evening")
            try advance(hours: 24)
            notify.forget()
        }
        let status = try RPCConnection(socketPath: socketPath, timeoutSeconds: 30).call(StatusMethod.self, NoParams())
        throw ChaosFailure("ghost health is \(status.ghost.ghostHealth) after two calm weeks; calendar in step: \(status.calendarWrites.ok)", seed: seed)
    }

    // MARK: checks

    /// The operations the log shows failing, and not yet working again, since the last start.
    private func failingInTheLastRun() -> Set<String> {
        var failing: Set<String> = []
        for line in logText.split(separator: "\n").map(String.init) {
            if line == Self.startMarker { failing = [] }
            guard let range = line.range(of: " operation=") else { continue }
            let operation = String(line[range.upperBound...])
            if line.contains("] \(operation) failed: ") { failing.insert(operation) }
            if line.contains("] \(operation) works again") { failing.remove(operation) }
        }
        return failing
    }

    /// Every block the database puts on the calendar is there with its state and times; nothing else is.
    private func checkCalendarMatchesDatabase() throws {
        let blocks = try RPCConnection(socketPath: socketPath, timeoutSeconds: 30).call(
            BlocksListMethod.self, .init(from: "2000-01-01", to: "2100-01-01")).blocks
        let now = try daemonNow()
        var files: [String: [String: String]] = [:]
        for name in try FileManager.default.contentsOfDirectory(atPath: collection) where name.hasSuffix(".ics") {
            let text = try String(contentsOfFile: collection + "/" + name, encoding: .utf8)
            var properties: [String: String] = [:]
            for line in text.components(separatedBy: "\r\n") {
                guard let colon = line.firstIndex(of: ":") else { continue }
                let key = String(line[..<colon]).split(separator: ";").first.map(String.init) ?? ""
                if properties[key] == nil { properties[key] = String(line[line.index(after: colon)...]) }
            }
            guard let id = properties["X-VIGOR-BLOCK-ID"] else { continue }
            files[id] = properties
        }
        let stamp = DateFormatter()
        stamp.locale = Locale(identifier: "en_US_POSIX")
        stamp.timeZone = TimeZone(identifier: "UTC")
        stamp.dateFormat = "yyyyMMdd'T'HHmmss'Z'"
        let known = Set(blocks.map(\.id))
        report.blockStatuses = blocks.reduce(into: [:]) { $0[$1.status, default: 0] += 1 }
        let history = now.addingTimeInterval(-30 * 86_400)
        for block in blocks where block.end.date > history && (["removed", "declined"].contains(block.status)) {
            if files[block.id] != nil {
                throw ChaosFailure("block \(block.id) is \(block.status) in the database but still in the calendar", seed: seed)
            }
        }
        for block in blocks where block.end.date > history && (["scheduled", "completed", "missed"].contains(block.status)
            || (block.status == "proposed" && block.end.date > now))
        {
            guard let file = files[block.id] else {
                throw ChaosFailure("block \(block.id) (\(block.status), \(block.start)) is in the database but not in the calendar", seed: seed)
            }
            guard file["DTSTART"] == stamp.string(from: block.start.date), file["DTEND"] == stamp.string(from: block.end.date),
                file["X-VIGOR-STATE"] == block.status
            else {
                throw ChaosFailure("block \(block.id) differs: database \(block.status) \(block.start)-\(block.end), calendar \(file)", seed: seed)
            }
            report.blocksChecked += 1
        }
        // Held time: a file for exactly the days `plan.week` calls held, at the hold's start.
        let held = try RPCConnection(socketPath: socketPath, timeoutSeconds: 30).call(PlanWeekMethod.self, NoParams()).days
            .filter { $0.status == "held" }
        for day in held {
            guard let file = files["hold-" + day.date], file["DTSTART"] == day.start.map({ stamp.string(from: $0.date) }) else {
                throw ChaosFailure("the hold of \(day.date) (\(String(describing: day.start))) is not in the calendar as planned", seed: seed)
            }
        }
        let heldIDs = Set(held.map { "hold-" + $0.date })
        for id in files.keys where !known.contains(id) && !id.hasPrefix("recovery-") && !heldIDs.contains(id)
            && !known.contains(where: { id.hasPrefix($0) }) {
            throw ChaosFailure("the calendar holds block \(id), which the database does not know", seed: seed)
        }
    }

    /// In each process's part of the log, every failure is told once when it starts and once when it ends, alternating;
    /// the last process ends with none failing.
    private func checkFailuresToldOnceEach() throws {
        var runs: [[String]] = [[]]
        for line in logText.split(separator: "\n").map(String.init) {
            if line == Self.startMarker { runs.append([]) }
            runs[runs.count - 1].append(line)
        }
        for (index, run) in runs.enumerated() {
            var failing: Set<String> = []
            for line in run {
                guard let range = line.range(of: " operation=") else { continue }
                let operation = String(line[range.upperBound...])
                if line.contains("] \(operation) failed: ") {
                    guard failing.insert(operation).inserted else {
                        throw ChaosFailure("'\(operation)' was logged as failing twice in a row:\n\(line)", seed: seed)
                    }
                    report.failureEpisodes += 1
                } else if line.contains("] \(operation) works again") {
                    guard failing.remove(operation) != nil else {
                        throw ChaosFailure("'\(operation)' was logged as working again without having failed:\n\(line)", seed: seed)
                    }
                }
            }
            if index == runs.count - 1, !failing.isEmpty {
                throw ChaosFailure("still failing at the end, or its end never logged: \(failing.sorted())", seed: seed)
            }
        }
        // Every fault that showed is in the log: each told once when it started (and, above, once when it ended).
        let lines = logText.split(separator: "\n")
        func count(_ text: String) -> Int { lines.filter { $0.contains(text) }.count }
        let expectations: [(String, Int, Int)] = [
            ("] writing vigord's calendar failed: ", calendarWriteFailuresSeen > 0 ? 1 : 0,
             (report.faults["calendarUnwritable"] ?? 0) + (report.faults["diskFull"] ?? 0) + report.restarts),
            ("] \(storageOperation) failed: ", storageFailuresSeen > 0 ? 1 : 0, (report.faults["diskFull"] ?? 0) + report.restarts),
            ("] notifying through the desktop failed: ", 0, (report.faults["notificationServerGone"] ?? 0) + report.restarts),
            ("] reading the calendar source 'work' failed: ", report.faults["sourceUnreadable"] ?? 0,
             (report.faults["sourceUnreadable"] ?? 0) + report.restarts),
            ("] configuration reload refused", report.faults["invalidReload"] ?? 0, report.faults["invalidReload"] ?? 0),
            (" ready pid=", report.restarts + 1, report.restarts + 1),
        ]
        report.desktopFailuresLogged = count("] notifying through the desktop failed: ")
        for (text, least, most) in expectations where !(least...max(least, most)).contains(count(text)) {
            throw ChaosFailure("the log tells '\(text)' \(count(text)) times; expected \(least)...\(most)", seed: seed)
        }
    }
}

/// The operation vigord's log names for its storage episode (`FailureLog.storageOperation`).
private let storageOperation = "saving vigord's state"

struct ChaosFailure: Error, CustomStringConvertible {
    var description: String
    init(_ message: String, seed: UInt64) {
        description = "\(message)\n(replay: VIGOR_CHAOS_SEED=\(seed) swift test --filter ChaosWeekTests)"
    }
}
