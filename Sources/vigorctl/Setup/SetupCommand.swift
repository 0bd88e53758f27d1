import ArgumentParser
import CivilCalendar
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import SafeFiles
import VigorRPC

#if canImport(Glibc)
import Glibc
#endif

/// `vigorctl setup`: from nothing to the first proposal. Finds the calendars, asks a few questions (each also a flag),
/// writes a commented configuration checked by vigord's own checker, starts vigord, and has it make the first plan.
struct SetupCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "setup",
        abstract: "Set vigord up: find your calendars, ask a few questions, write the configuration, start vigord, plan.",
        discussion: """
            Every answer is also a flag, so scripts can run it with --yes. An existing configuration is replaced only \
            after a yes (the old one is kept beside it as config.toml.before-setup). Transcript: Docs/setup.md.
            """)

    @Option(name: .customLong("calendar"), parsing: .upToNextOption, help: "Calendars to read (.ics files or vdir folders); skips the search.")
    var calendars: [String] = []
    @Option(name: .customLong("sessions"), help: "Sessions per week (0-14). Default 3.")
    var sessions: Int?
    @Option(name: .customLong("preferred"), parsing: .upToNextOption, help: "Preferred windows, HH:MM-HH:MM (e.g. 06:30-08:30 or 6:30-8:30). Default 07:00-09:00.")
    var preferred: [String] = []
    @Option(name: .customLong("rest-days"), parsing: .upToNextOption, help: "Weekdays never used (mon … sun). Default none.")
    var restDays: [String] = []
    @Option(name: .customLong("equipment"), parsing: .upToNextOption, help: "What you train with (e.g. dumbbells bike pool), or none: a bike opens rides, a pool swims. Default none.")
    var equipment: [String] = []
    @Option(name: .customLong("injuries"), parsing: .upToNextOption, help: "Injuries to keep in mind, one argument each (e.g. 'right knee' back), or none: a session kind an injury rules out is never proposed. Default none.")
    var injuries: [String] = []
    @Option(name: .customLong("notifications"), help: "Desktop notifications: yes or no. Default yes.")
    var notifications: String?
    @Option(name: .customLong("timezone"), help: "Your time zone (IANA name, e.g. Europe/Berlin). Default: this machine's, or your calendars' when this machine's is UTC.")
    var timezone: String?
    @Option(name: .customLong("health"), help: "A health file to import at the end (export.zip, .jsonl, .csv, Gadgetbridge, .fit).")
    var health: String?
    @Option(name: .customLong("config"), help: "The configuration to write. Default: $XDG_CONFIG_HOME/vigor/config.toml.")
    var config: String?
    @Flag(name: .customLong("yes"), help: "Ask nothing: take every default and every flag, and replace an existing configuration.")
    var yes = false
    @Flag(name: .customLong("dry-run"), help: "Show what would be written and run; change nothing.")
    var dryRun = false
    @Flag(name: .customLong("first-plan"), help: "Only the end of setup: the running vigord makes the first plan and shows it.")
    var firstPlanOnly = false
    @OptionGroup var connection: ConnectionOptions

    func validate() throws {
        if let sessions, !(0...14).contains(sessions) { throw ValidationError("--sessions must be 0-14, is \(sessions)") }
        for window in preferred where !SetupAnswers.validWindow(window) {
            throw ValidationError("--preferred '\(window)' is not \(SetupAnswers.windowExample)")
        }
        for item in equipment + injuries where item.isEmpty || item.count > 100 {
            throw ValidationError("--equipment and --injuries take words of 1-100 characters; got '\(item)'")
        }
        for day in restDays where SetupAnswers.weekday(day) == nil {
            throw ValidationError("--rest-days '\(day)' is not a weekday (mon, tue, … or the full name)")
        }
        if let notifications, !["yes", "no"].contains(notifications.lowercased()) {
            throw ValidationError("--notifications must be yes or no, is '\(notifications)'")
        }
        for path in calendars where !SetupPaths.isFolder(absolute(path)) && !SetupPaths.isFile(absolute(path)) {
            throw ValidationError("--calendar \(path): no such file or folder")
        }
        if let health, !SetupPaths.isFile(absolute(health)) { throw ValidationError("--health \(health): no such file") }
        if let timezone, !SystemTimeZone.isKnown(timezone) {
            throw ValidationError("--timezone '\(timezone)' is not a time zone this machine knows (an IANA name such as Europe/Berlin)")
        }
    }

    func run() throws {
        let environment = ProcessInfo.processInfo.environment
        let home = environment["HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? "/"
        let prompter = Prompter(assumeYes: yes)
        let configPath = config.map(absolute) ?? Self.defaultConfigPath(environment: environment, home: home)
        let socket = SocketLocation.resolve(explicit: connection.socket)
        if firstPlanOnly { return try showFirstPlan(socket: socket) }
        print("vigorctl setup: what vigord needs to plan your training. Enter takes the answer in [brackets].\n")

        var answers = SetupAnswers()
        answers.calendars = chooseCalendars(home: home, environment: environment, prompter: prompter)
        answers.healthSources = chooseHealthSources(home: home, environment: environment, prompter: prompter)
        ask(&answers, prompter: prompter)
        if !answers.desktop { print("\n" + WithoutDesktopText.text(config: SetupPaths.tilde(configPath, home: home))) }
        let system = SystemTimeZone.identifier(environment: environment)
        answers.timezone = SetupAnswers.timezone(explicit: timezone, system: system, calendars: answers.calendars)
        if timezone == nil, let zone = answers.timezone {
            print("This machine's time zone is \(system ?? "not set"), but your calendars keep their times in \(zone): vigord will plan in "
                + "\(zone) ([schedule] timezone; --timezone chooses another).")
        } else if timezone == nil, SetupAnswers.unsetZones.contains(system ?? "UTC") {
            print("warning: this machine's time zone is \(system ?? "not set") and no calendar names yours: vigord will plan your mornings "
                + "and evenings in UTC. If you live elsewhere, run setup again with --timezone (e.g. --timezone Europe/Berlin).")
        }
        if !yes { print("(\(prompter.asked) question\(prompter.asked == 1 ? "" : "s") asked)\n") }

        // vigord expands `~/` to the account's home (the password database), so paths are written that way only
        // when $HOME is that folder.
        let draft = ConfigDraft.text(answers, home: SetupPaths.accountHome() == home ? home : "")
        guard let written = try writeConfig(draft, to: configPath, home: home, prompter: prompter) else { return }
        try offerKhal(home: home, environment: environment, prompter: prompter)
        if dryRun {
            print("\n--dry-run: nothing was written, started or imported. Without it, setup would now start vigord "
                + "(\(UserUnits.enableCommand)) and make the first plan.")
            return
        }
        // A vigord started by hand reads its default configuration and socket unless told otherwise.
        var vigordArguments: [String] = []
        if configPath != Self.defaultConfigPath(environment: environment, home: home) { vigordArguments += ["--config", configPath] }
        if connection.socket != nil { vigordArguments += ["--socket", socket] }
        guard try DaemonStart.ensureRunning(socket: socket, configChanged: written, vigordArguments: vigordArguments) else { return }
        if let health {
            print("\nImporting \(health) …")
            let result = try ImportCommand.importFile(absolute(health), socket: socket, showProgress: isatty(STDERR_FILENO) == 1)
            print(ImportCommand.summary(result))
        }
        try showFirstPlan(socket: socket)
    }

    /// Has vigord make the first plan and prints it.
    private func showFirstPlan(socket: String) throws {
        let plan = try CallFailure.perform { () throws(RPCClientError) in
            try RPCClient(socketPath: socket, timeoutSeconds: 120).call(SetupFirstPlanMethod.self, .init())
        }
        if connection.json { return try JSONOutput.print(plan) }
        print("")
        print(FirstPlanText.text(plan))
    }

    /// The calendars to read: the `--calendar` paths, or what discovery finds, kept or dropped in one question.
    private func chooseCalendars(home: String, environment: [String: String], prompter: Prompter) -> [FoundCalendar] {
        var names = Set<String>()
        if !calendars.isEmpty {
            let chosen = calendars.map { CalendarDiscovery.calendar(at: SetupPaths.canonical(absolute($0)), origin: "--calendar", names: &names) }
            print("Calendars:")
            for calendar in chosen { print("  " + calendar.line(home: home)) }
            return chosen
        }
        let dataHome = environment["XDG_DATA_HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? home + "/.local/share"
        var discovery = CalendarDiscovery(home: home, environment: environment)
        discovery.excluded = [dataHome + "/vigor"]
        let report = discovery.discover()
        for problem in report.problems { print("note: \(problem)") }
        for remote in report.remote { print(RemoteRecipe.text(remote, home: home)) }
        guard !report.calendars.isEmpty else {
            print("I found no calendar on this machine (khal, vdirsyncer, ~/.calendars, Evolution, .ics files). Setup goes on; "
                + "add one later as [[calendar.source]] (Docs/calendars.md) or run setup again with --calendar PATH.\n")
            return []
        }
        print("I found these calendars:")
        for (index, calendar) in report.calendars.enumerated() { print("  \(index + 1). " + calendar.line(home: home)) }
        let answer = prompter.ask("Read all of them? Enter, or the numbers to leave out (e.g. 2 3):", default: "all", counted: false)
        let dropped = Set(answer.split { $0 == " " || $0 == "," }.compactMap { Int($0) })
        let kept = report.calendars.enumerated().filter { !dropped.contains($0.offset + 1) }.map(\.element)
        if !dropped.isEmpty { print("Reading \(kept.map(\.name).joined(separator: ", ")).") }
        print("")
        return kept
    }

    /// The health data a phone or a watch keeps on this machine, watched or left in one question; nothing is said when
    /// there is none but where to add one later.
    private func chooseHealthSources(home: String, environment: [String: String], prompter: Prompter) -> [FoundHealthSource] {
        let user = environment["USER"].flatMap { $0.isEmpty ? nil : $0 } ?? SetupPaths.accountName() ?? ""
        let found = HealthSourceDiscovery(home: home, user: user, environment: environment).discover()
        guard !found.isEmpty else {
            print("I found no health data a phone or a watch keeps here (Syncthing, Nextcloud or Dropbox folders, a mounted "
                + "Garmin). Add one later as [[health.source]] (Docs/health-data.md), or import a file with vigorctl import.\n")
            return []
        }
        print("I found health data your phone or watch keeps here:")
        for (index, source) in found.enumerated() { print("  \(index + 1). " + source.line(home: home)) }
        let answer = prompter.ask(
            "Watch all of them (read whenever they change, nothing in them moved)? Enter, or the numbers to leave out:",
            default: "all", counted: true)
        let dropped = Set(answer.split { $0 == " " || $0 == "," }.compactMap { Int($0) })
        let kept = found.enumerated().filter { !dropped.contains($0.offset + 1) }.map(\.element)
        if !dropped.isEmpty { print(kept.isEmpty ? "Watching none." : "Watching \(kept.map { $0.kind.words }.joined(separator: ", ")).") }
        print("")
        return kept
    }

    /// The questions, each skipped when its flag answered it.
    private func ask(_ answers: inout SetupAnswers, prompter: Prompter) {
        answers.sessionsPerWeek = sessions ?? askNumber(prompter, "How many sessions a week?", default: answers.sessionsPerWeek)
        answers.preferred = (preferred.isEmpty
            ? askList(
                prompter, "When do you prefer to train (HH:MM-HH:MM, several with spaces)?", default: answers.preferred,
                valid: SetupAnswers.validWindow, refusal: SetupAnswers.windowExample)
            : preferred).map(SetupAnswers.window)
        answers.restDays = (restDays.isEmpty
            ? askList(prompter, "Rest days, never used (mon … sun, or none)?", default: ["none"], valid: { $0 == "none" || SetupAnswers.weekday($0) != nil })
                .filter { $0 != "none" }
            : restDays).compactMap(SetupAnswers.weekday)
        answers.equipment = (equipment.isEmpty
            ? askList(prompter, "Equipment you train with (e.g. dumbbells bike pool, or none)?", default: ["none"], valid: { !$0.isEmpty })
            : equipment).filter { $0.lowercased() != "none" }
        answers.injuries = (injuries.isEmpty
            ? askList(
                prompter, "Injuries to keep in mind (e.g. right knee, lower back; several with commas, or none)?", default: ["none"],
                valid: { !$0.isEmpty }, separators: [","])
            : injuries.flatMap { $0.split(separator: ",").map { String($0).trimmingSpaces }.filter { !$0.isEmpty } }).filter { $0.lowercased() != "none" }
        answers.desktop = notifications.map { $0.lowercased() == "yes" } ?? prompter.confirm("Desktop notifications?", default: true)
    }

    private func askNumber(_ prompter: Prompter, _ question: String, default fallback: Int) -> Int {
        for attempt in 0..<3 {
            let answer = prompter.ask(question, default: "\(fallback)", counted: attempt == 0)
            if let number = Int(answer), (0...14).contains(number) { return number }
            print("Please give a number from 0 to 14.")
        }
        return fallback
    }

    /// A list answer, split at spaces and commas (`separators: [","]`: at commas only, so an item may have several
    /// words); an item `valid` refuses is asked again, with `refusal` saying what is wanted. A retry is not a new question.
    private func askList(
        _ prompter: Prompter, _ question: String, default fallback: [String], valid: (String) -> Bool,
        refusal: String? = nil, separators: Set<Character> = [" ", ","]
    ) -> [String] {
        for attempt in 0..<3 {
            let answer = prompter.ask(question, default: fallback.joined(separator: separators == [","] ? ", " : " "), counted: attempt == 0)
            let items = answer.split { separators.contains($0) }.map { String($0).trimmingSpaces }.filter { !$0.isEmpty }
            if let wrong = items.first(where: { !valid($0) }) {
                print("'\(wrong)' is not understood" + (refusal.map { ": give \($0)" } ?? "") + "; try again.")
                continue
            }
            return items
        }
        return fallback
    }

    /// Writes `draft` unless an existing configuration is kept: the difference is shown and a yes needed to replace it
    /// (the old file is kept beside it). vigord's checker reads the new file before it takes the old one's place.
    /// Returns whether the configuration changed; nil when the check failed (nothing was replaced).
    private func writeConfig(_ draft: String, to path: String, home: String, prompter: Prompter) throws -> Bool? {
        let shown = SetupPaths.tilde(path, home: home)
        let existing = SetupPaths.text(path)
        if let existing, existing == draft {
            print("\(shown) already says this; it stays as it is.")
            return false
        }
        if let existing {
            print("\(shown) exists. The difference to what setup would write:")
            for line in LineDiff.lines(from: existing, to: draft) where !line.hasPrefix("  ") { print("  " + line) }
            if dryRun { return false }
            guard prompter.confirm("Replace it (the old one is kept as \(shown).before-setup)?", default: false) else {
                print("Kept \(shown) as it is.")
                return false
            }
        } else {
            print("Writing \(shown):\n")
            print(draft)
            if dryRun { return false }
        }
        let folder = String(path[..<(path.lastIndex(of: "/") ?? path.endIndex)])
        guard SetupPaths.isFolder(folder) || mkdirs(folder) else {
            throw CommandFailure(.failed, "cannot create the folder \(folder): \(String(cString: strerror(errno)))")
        }
        let candidate = folder + "/.config.toml.setup"
        do {
            try AtomicFile.write(Array(draft.utf8), to: candidate, mode: Self.configMode(path))
        } catch {
            throw CommandFailure(.failed, "\(error)")
        }
        defer { unlink(candidate) }
        guard try ConfigCheck.passes(candidate, shownAs: shown) else { return nil }
        if let existing {
            do {
                try AtomicFile.write(Array(existing.utf8), to: path + ".before-setup", mode: Self.configMode(path))
            } catch {
                throw CommandFailure(.failed, "\(error); \(shown) was left as it is")
            }
        }
        do {
            try AtomicFile.write(Array(draft.utf8), to: path, mode: Self.configMode(path))
        } catch {
            throw CommandFailure(.failed, "cannot write \(shown): \(error.reason)")
        }
        print("Wrote \(shown)" + (existing == nil ? "." : " (the old one is \(shown).before-setup)."))
        return true
    }

    /// Offers to add vigord's calendar to khal's configuration (one question, default yes), so `khal list` shows the
    /// blocks. Not for the system service (root), whose calendar is not the user's; nothing when khal is not set up or
    /// already shows it. The old file is kept beside it as `.before-vigor`.
    private func offerKhal(home: String, environment: [String: String], prompter: Prompter) throws {
        guard getuid() != 0, let file = CalendarDiscovery(home: home, environment: environment).khalConfig,
              let text = SetupPaths.text(file) else { return }
        let dataHome = environment["XDG_DATA_HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? home + "/.local/share"
        let collection = dataHome + "/vigor/calendars/vigor"
        guard let added = KhalCalendarEntry.adding(path: collection, home: home, to: text) else { return }
        let shown = SetupPaths.tilde(file, home: home)
        if dryRun {
            print("\n--dry-run: setup would offer to add vigord's calendar to khal (\(shown)).")
            return
        }
        guard prompter.confirm("Add vigord's calendar to khal (\(shown)), so khal shows your blocks?", default: true) else { return }
        var info = stat()
        let mode = stat(file, &info) == 0 ? info.st_mode & 0o777 : 0o644
        do {
            try AtomicFile.write(Array(text.utf8), to: file + ".before-vigor", mode: mode)
            try AtomicFile.write(Array(added.utf8), to: file, mode: mode)
        } catch {
            throw CommandFailure(.failed, "cannot add vigord's calendar to \(shown): \(error)")
        }
        print("Added vigord's calendar to \(shown) (the old one is \(shown).before-vigor): khal list today 7d shows your blocks.")
    }

    /// A user's config is readable by its owner only (it may name private calendar URLs); the system config stays
    /// readable by all, because the system service's dynamic user reads it.
    static func configMode(_ path: String) -> mode_t {
        path == "/etc/vigor/config.toml" ? 0o644 : 0o600
    }

    private func mkdirs(_ folder: String) -> Bool {
        do {
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            return true
        } catch {
            return false
        }
    }

    private func absolute(_ path: String) -> String {
        let home = ProcessInfo.processInfo.environment["HOME"] ?? "/"
        if path.hasPrefix("/") || path.hasPrefix("~") { return SetupPaths.expand(path, home: home) }
        return FileManager.default.currentDirectoryPath + "/" + path
    }

    /// Where vigord looks: `$XDG_CONFIG_HOME/vigor/config.toml` (`~/.config/vigor/config.toml`), `/etc/vigor/config.toml`
    /// as root.
    static func defaultConfigPath(environment: [String: String], home: String) -> String {
        if getuid() == 0 { return "/etc/vigor/config.toml" }
        return (environment["XDG_CONFIG_HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? home + "/.config") + "/vigor/config.toml"
    }
}
