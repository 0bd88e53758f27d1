import ChildProcesses
import CivilCalendar
import Foundation
import GhostEngine
import GhostScheduling
import GhostSimulation
import VigorRPC

#if canImport(Glibc)
import Glibc
#endif

/// Replays a simulated run against the real vigord: one process in a scratch folder, its configuration the scenario's
/// `config` with the scenario's calendar files as `[[calendar.source]]`s, its clock started at the first day's
/// midnight and moved by the test hook (`debug.clock`) to every step; the cycles run through `cycle.run` and the
/// user's answers, check-ins, logged workouts, travel, kept and reverted changes are real `vigorctl` commands. Readings
/// and detected workouts arrive as a phone's sync delivers them: a JSON Lines file renamed into the folder vigord watches
/// as the `[[health.source]]` `phone`, and the replay waits until vigord says it has read it. What the user does to calendars is done to files: a deleted block's file is
/// removed from vigord's `vigor` collection, a meeting is written into the calendar file `scenario` (which also holds
/// the scenario's weekly busy times), and an unreadable calendar is the file `shared` broken for the evening. After
/// such a change the replay waits until vigord says it has re-planned (`STATUS=` on its notify socket). After each
/// day's last step it reads the day as `ComparedDay`.
final class DaemonReplay {
    let vigord: String
    let vigorctl: String
    let folder: URL
    let calendar: LocalCalendar
    private var process: ChildProcess?
    private var socketPath: String { folder.appendingPathComponent("vigord.sock").path }
    private var logPath: String { folder.appendingPathComponent("vigord.log").path }
    private var readingFiles = 0
    private let notify: NotifyListener
    /// The calendar file of weekly busy times and landed meetings, and the one broken on unreadable evenings.
    private var scenarioFile: ReplayCalendarFile
    private let sharedFile: ReplayCalendarFile
    /// The folder vigord watches as the health source `phone`.
    let phoneFolder: URL
    /// The status vigord sends after re-planning for a calendar change.
    static let replannedStatus = "Serving; replanned the week"
    /// The status vigord sends after reading the health source `phone`.
    static let phoneReadStatus = "Serving; read the health source phone"
    /// The status vigord sends once it watches its health sources.
    static let watchingStatus = "Serving; watching 1 health source"

    /// How long vigord may take to start listening, and any one request.
    static let startSeconds = 30.0, requestSeconds = 30

    init(vigord: String, vigorctl: String, zone: TimeZone) throws {
        self.vigord = vigord
        self.vigorctl = vigorctl
        calendar = LocalCalendar(timeZone: zone)
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("vigor-versus-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: false, attributes: [.posixPermissions: 0o700])
        let sources = folder.appendingPathComponent("sources")
        try FileManager.default.createDirectory(at: sources, withIntermediateDirectories: false, attributes: [.posixPermissions: 0o700])
        phoneFolder = folder.appendingPathComponent("phone")
        try FileManager.default.createDirectory(at: phoneFolder, withIntermediateDirectories: false, attributes: [.posixPermissions: 0o700])
        notify = try NotifyListener(folder: folder)
        scenarioFile = ReplayCalendarFile(path: sources.appendingPathComponent("scenario.ics"), events: [])
        sharedFile = ReplayCalendarFile(path: sources.appendingPathComponent("shared.ics"), events: [])
    }

    /// The replay's own calendar sources, as `[[calendar.source]]` entries: `scenario` (weekly busy times and the
    /// meetings that land) and `shared` (empty, unreadable on the evenings the scenario says).
    var replaySources: [(name: String, path: String)] {
        [("scenario", scenarioFile.path.path), ("shared", sharedFile.path.path)]
    }

    /// Writes the replay's calendar files: `busy` in `scenario`, nothing in `shared`.
    func writeCalendars(busy: [BusyInterval]) throws {
        scenarioFile = ReplayCalendarFile(path: scenarioFile.path, events: busy)
        try scenarioFile.write()
        try sharedFile.write()
    }

    /// The scenario's settings as vigord reads them: its `config`, then the zone, the calendars, the phone's health source
    /// and scratch paths.
    static func configText(scenarioConfig: String, zone: String, sources: [(name: String, path: String)], folder: URL) throws -> String {
        for table in ["[schedule]", "[calendar", "[health]", "[notify]"] where scenarioConfig.contains(table) {
            throw ReplayError("the scenario's config sets \(table)…: the replay sets the zone, calendars, inbox and notifications itself")
        }
        var text = scenarioConfig + "\n[schedule]\ntimezone = \"\(zone)\"\n"
        text += "[calendar.output]\npath = \"\(folder.appendingPathComponent("calendars").path)\"\n"
        text += "[health]\ndrop_folder = \"\(folder.appendingPathComponent("inbox").path)\"\n[notify]\ndesktop = false\n"
        text += "[[health.source]]\nname = \"phone\"\npath = \"\(folder.appendingPathComponent("phone").path)\"\nformat = \"jsonl\"\n"
        for source in sources {
            text += "[[calendar.source]]\nname = \"\(source.name)\"\npath = \"\(source.path)\"\n"
        }
        return text
    }

    /// Starts vigord with `config` at `start` on its test clock and waits until it answers.
    func start(config: String, at start: Date) throws {
        let configFile = folder.appendingPathComponent("config.toml")
        try Data(config.utf8).write(to: configFile)
        let arguments = ["--socket", socketPath, "--state-dir", folder.appendingPathComponent("state").path, "--config", configFile.path]
        var environment = ProcessInfo.processInfo.environment
        for key in ["VIGOR_SOCKET", "LISTEN_FDS", "LISTEN_PID", "WATCHDOG_USEC", "WATCHDOG_PID", "DBUS_SESSION_BUS_ADDRESS", "VIGORD_CLOCK_OFFSET_HOURS"] {
            environment.removeValue(forKey: key)
        }
        environment["NOTIFY_SOCKET"] = notify.path
        environment["VIGORD_TEST_HOOKS"] = "1"
        environment["VIGORD_CLOCK_START"] = RPCTimestamp(start, in: TimeZone(identifier: "UTC") ?? .gmt).description
        let process = try ChildProcess(
            executable: vigord, arguments: arguments, environment: environment,
            standardOutput: .newFile(path: logPath, mode: 0o600), standardError: .standardOutput)
        self.process = process
        // Readiness, not timing: try to connect until vigord listens, or exits, or the deadline passes.
        let deadline = Date().addingTimeInterval(Self.startSeconds)
        var refused = "no attempt"
        while Date() < deadline {
            guard process.isRunning else { throw ReplayError("vigord exited with \(process.waitForExit().status):\n\(logTail())") }
            do {
                _ = try RPCConnection(socketPath: socketPath, timeoutSeconds: 2)
                // vigord re-plans once at start (blocks may have met conflicts while it was down): let it finish.
                try awaitReplan(after: 0, what: "the re-planning at start")
                // And it watches the phone's folder before anything is delivered there.
                guard notify.waitForStatus(prefix: Self.watchingStatus, after: 0, seconds: Self.startSeconds) != nil else {
                    throw ReplayError("vigord did not watch the phone's folder within \(Int(Self.startSeconds)) s\n\(logTail())")
                }
                return
            } catch let error as ReplayError {
                throw error
            } catch {
                refused = "\(error)"
            }
            usleep(20_000)
        }
        throw ReplayError("vigord did not listen within \(Int(Self.startSeconds)) s (\(refused)):\n\(logTail())")
    }

    /// Stops vigord and removes the scratch folder (kept with `keep`, for reading its log).
    func stop(keep: Bool) {
        if let process {
            process.signal(SIGTERM)
            process.waitForExit()
        }
        guard !keep else { return }
        do {
            try FileManager.default.removeItem(at: folder)
        } catch {
            FileHandle.standardError.write(Data("vigor-sim: could not remove \(folder.path): \(error)\n".utf8))
        }
    }

    /// The last lines of vigord's log.
    func logTail(_ count: Int = 30) -> String {
        do {
            let text = try String(contentsOfFile: logPath, encoding: .utf8)
            return text.split(separator: "\n").suffix(count).joined(separator: "\n")
        } catch {
            return "(vigord's log \(logPath) cannot be read: \(error))"
        }
    }

    // MARK: steps

    /// Moves vigord's clock to the step (it ticks there) and does what the step does.
    func perform(_ step: SimulatedStep) throws {
        try moveClock(to: step.at)
        let stamp = { (date: Date) in RPCTimestamp(date, in: self.calendar.timeZone).description }
        switch step.action {
        case .clock:
            return
        case .morningCycle:
            _ = try call(CycleRunMethod.self, .init(kind: .morning))
        case .eveningCycle:
            _ = try call(CycleRunMethod.self, .init(kind: .evening))
        case .answerProposal(let block, let accept):
            try command([accept ? "accept" : "decline", block])
        case .checkIn:
            try command(["checkin", "--felt", "ok"])
        case .importReadings(let readings):
            try deliver(readings.map { Self.line($0, stamp: stamp) }.joined())
        case .logWorkout(let start, let minutes):
            try command(["log", "--at", stamp(start), "--minutes", "\(minutes)"])
        case .answerTriage(let block, let reason):
            try command(["triage", "answer", block, "--reason", Self.reasonArgument(reason)])
        case .setTrust(let phase):
            try command(["trust", "set", phase?.rawValue ?? "auto"])
        case .crashing(let minutes):
            try command(["crashing", "--minutes", "\(minutes)", "--no-guide"])
        case .answerTransformation(let block, let kept):
            try command([kept ? "keep" : "revert", block])
        case .deleteBlock(let block):
            let mark = notify.statuses.count
            try removeBlockFile(block)
            try awaitReplan(after: mark, what: "the deletion of \(block)")
        case .meetingsLanded(let meetings):
            let mark = notify.statuses.count
            try scenarioFile.add(meetings)
            try awaitReplan(after: mark, what: "the meetings landing")
        case .eveningCycleWithUnreadableCalendar:
            var mark = notify.statuses.count
            try sharedFile.breakFile()
            try awaitReplan(after: mark, what: "the calendar `shared` breaking")
            _ = try call(CycleRunMethod.self, .init(kind: .evening))
            mark = notify.statuses.count
            try sharedFile.write()
            try awaitReplan(after: mark, what: "the calendar `shared` mended")
        case .holdWeek:
            try command(["plan", "--hold", "week"])
        case .planSessions(let count):
            try command(["plan", "--sessions", "\(count)"])
        case .notReplayable(let what):
            throw ReplayError("\(what) cannot be replayed against vigord yet")
        }
    }

    /// Delivers `lines` as a phone's sync does: written under a name vigord passes over, then renamed into the watched
    /// folder; returns once vigord says it has read the source.
    private func deliver(_ lines: String) throws {
        readingFiles += 1
        let name = "readings-\(readingFiles).jsonl"
        let partial = phoneFolder.appendingPathComponent(".\(name).tmp")
        try Data(lines.utf8).write(to: partial)
        let mark = notify.statuses.count
        guard rename(partial.path, phoneFolder.appendingPathComponent(name).path) == 0 else {
            throw ReplayError("cannot move \(partial.path) into the phone's folder: \(String(cString: strerror(errno)))")
        }
        guard notify.waitForStatus(prefix: Self.phoneReadStatus, after: mark, seconds: Self.startSeconds) != nil else {
            throw ReplayError("vigord did not read \(name) from the phone's folder within \(Int(Self.startSeconds)) s "
                + "(statuses: \(notify.statuses.suffix(5)))\n\(logTail())")
        }
    }

    /// Tells vigord of the travel days (`vigorctl travel --from --to`, one range of consecutive days at a time).
    func setTravel(_ days: [LocalDay]) throws {
        var ranges: [(LocalDay, LocalDay)] = []
        for day in days.sorted() {
            if let last = ranges.last, last.1.adding(days: 1) == day {
                ranges[ranges.count - 1].1 = day
            } else {
                ranges.append((day, day))
            }
        }
        for (from, to) in ranges {
            try command(["travel", "--from", from.description, "--to", to.description])
        }
    }

    /// Removes the block's file from vigord's `vigor` collection (the one whose event says `X-VIGOR-BLOCK-ID:BLOCK`).
    private func removeBlockFile(_ block: String) throws {
        let collection = folder.appendingPathComponent("calendars/vigor")
        let names = try FileManager.default.contentsOfDirectory(atPath: collection.path).filter { $0.hasSuffix(".ics") }
        for name in names {
            let file = collection.appendingPathComponent(name)
            let text = try String(contentsOf: file, encoding: .utf8)
            guard text.split(whereSeparator: \.isNewline).contains(where: { $0 == "X-VIGOR-BLOCK-ID:\(block)" }) else { continue }
            try FileManager.default.removeItem(at: file)
            return
        }
        throw ReplayError("no file of \(block) in vigord's calendar \(collection.path) (files: \(names.sorted().joined(separator: ", ")))")
    }

    /// Waits until vigord says it re-planned, after the first `after` statuses it sent.
    private func awaitReplan(after mark: Int, what: String) throws {
        guard notify.waitForStatus(prefix: Self.replannedStatus, after: mark, seconds: Self.startSeconds) != nil else {
            throw ReplayError("vigord did not re-plan within \(Int(Self.startSeconds)) s after \(what) (statuses: \(notify.statuses.suffix(5)))\n\(logTail())")
        }
    }

    /// The day `date` (1-based `number`) as vigord says it is now.
    func day(_ number: Int, date: LocalDay) throws -> ComparedDay {
        let status = try call(StatusMethod.self, NoParams())
        let blocks = try call(BlocksListMethod.self, .init(from: date.description, to: date.adding(days: 1).description)).blocks
        return ComparedDay(
            day: number, date: date.description,
            blocks: blocks.map { ($0.id, String($0.start.description.dropFirst(11).prefix(5)), $0.origin, $0.status, $0.kind?.rawValue) },
            trustPhase: status.ghost.trustPhase, trustScore: status.ghost.trustScore, healthPhase: status.ghost.healthPhase,
            week: status.plan.week.map { day in
                ComparedDay.weekDay(
                    date: day.date, status: day.status, start: day.start.map { String($0.description.dropFirst(11).prefix(5)) },
                    kind: day.kind?.rawValue, why: day.why, defended: day.defended)
            })
    }

    /// Moves vigord's clock forward to `instant` (it runs on at the real pace, so it may be a moment past it already).
    private func moveClock(to instant: Date) throws {
        let now = try call(DebugClockMethod.self, .init(advanceHours: 0)).now.date
        let hours = instant.timeIntervalSince(now) / 3600
        if hours > 0 {
            _ = try call(DebugClockMethod.self, .init(advanceHours: hours))
        } else if hours < -60.0 / 3600 {
            throw ReplayError("vigord's clock (\(now)) ran more than a minute past the step at \(instant)")
        }
    }

    private func call<M: RPCMethod>(_ method: M.Type, _ params: M.Params) throws -> M.Result {
        do {
            return try RPCConnection(socketPath: socketPath, timeoutSeconds: Self.requestSeconds).call(method, params)
        } catch {
            throw ReplayError("\(M.name) failed: \(error)\n\(logTail())")
        }
    }

    /// Runs `vigorctl ARGUMENTS --socket …`; a failure names the command and what it said.
    private func command(_ arguments: [String]) throws {
        let said = folder.appendingPathComponent("vigorctl-\(UUID().uuidString).out").path
        defer { unlink(said) }
        let run = try ChildProcess(
            executable: vigorctl, arguments: arguments + ["--socket", socketPath],
            standardOutput: .newFile(path: said, mode: 0o600), standardError: .standardOutput)
        let status = run.waitForExit().status
        guard status == 0 else {
            let text: String
            do {
                text = try String(contentsOfFile: said, encoding: .utf8)
            } catch {
                text = "(what it said cannot be read: \(error))"
            }
            throw ReplayError("vigorctl \(arguments.joined(separator: " ")) exited with \(status): \(text)")
        }
    }

    /// A reading as a JSON Lines record (Docs/health-data.md).
    static func line(_ reading: HealthSample, stamp: (Date) -> String) -> String {
        let kind = reading.kind.rawValue
        var fields = [#""type":"\#(kind)""#, #""start":"\#(stamp(reading.start))""#, #""source":"\#(reading.source)""#]
        switch reading.kind {
        case .sleep, .workout:
            fields.append(#""end":"\#(stamp(reading.end))""#)
            if let detail = reading.detail { fields.append(#""detail":"\#(detail)""#) }
        case .hrv, .restingHeartRate, .steps:
            fields.append(#""end":"\#(stamp(reading.end))""#)
            fields.append(#""value":\#(reading.value)"#)
        }
        return "{" + fields.joined(separator: ",") + "}\n"
    }

    /// A miss reason as `vigorctl triage answer --reason` takes it.
    static func reasonArgument(_ reason: MissReason) -> String {
        switch reason {
        case .badTimeSlot: "bad-time"
        case .lifeHappened: "life-happened"
        case .feltUnwell: "unwell"
        case .unknown: "skip"
        }
    }
}

/// Why a replay against vigord could not go on.
struct ReplayError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
