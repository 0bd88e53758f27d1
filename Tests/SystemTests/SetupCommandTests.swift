import Foundation
import TestPrograms
import Testing
import VigorRPC
import TestPrograms

/// `vigorctl setup` with real parts: calendar programs' configurations in a scratch home, vigord's own checker, a
/// pseudo-terminal for the questions, and a vigord on the tests' clock for the first plan.
@Suite(.removesScratchFolders, .serialized) struct SetupCommandTests {
    /// khal's configuration naming ~/.calendars/work (two events) and vdirsyncer's with a synced "personal"
    /// collection and a CalDAV pair never synced.
    private func homeWithCalendarPrograms(_ label: String, khal: String? = nil) throws -> SetupHome {
        let home = try SetupHome(label)
        try home.write(SetupHome.event("w1", title: "Standup", start: "20260901T070000Z", end: "20260901T073000Z"), at: ".calendars/work/w1.ics")
        try home.write(SetupHome.event("w2", title: "Review", start: "20261103T140000Z", end: "20261103T150000Z"), at: ".calendars/work/w2.ics")
        try home.write(khal ?? """
            [calendars]
              [[work]]
                path = ~/.calendars/work/
                color = dark green
            [locale]
            timeformat = %H:%M
            """, at: ".config/khal/config")
        try home.write(SetupHome.event("p1", title: "Dentist", start: "20261010T080000Z", end: "20261010T090000Z"),
                       at: ".local/share/calendars/personal/p1.ics")
        try home.write("""
            [general]
            status_path = "~/.local/share/vdirsyncer/status/"

            [pair calendars]
            a = "calendars_local"
            b = "calendars_remote"
            collections = ["personal"]

            [storage calendars_local]
            type = "filesystem"
            path = "~/.local/share/calendars/"
            fileext = ".ics"

            [storage calendars_remote]
            type = "caldav"
            url = "https://cal.example.org/"
            username = "ana"

            [pair work_cloud]
            a = "cloud_local"
            b = "cloud_remote"
            collections = ["from b"]

            [storage cloud_local]
            type = "filesystem"
            path = "~/.local/share/cloud/"
            fileext = ".ics"

            [storage cloud_remote]
            type = "caldav"
            url = "https://dav.example.com/remote.php/dav/"
            username = "ana.work"
            """, at: ".config/vdirsyncer/config")
        return home
    }

    @Test func khalAndVdirsyncerCalendarsInAScratchHomeAreFoundWithTheirEventsAndDates() throws {
        let home = try homeWithCalendarPrograms("found")
        let run = try runCommand(
            Binaries.vigorctl, ["setup", "--yes", "--dry-run", "--config", home.configPath, "--socket", "/nonexistent/vigord.sock"], environment: home.environment)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.contains("1. work (khal): 2 events, 2026-09-01 to 2026-11-03, ~/.calendars/work"))
        #expect(run.stdout.contains("2. personal (vdirsyncer): 1 event, 2026-10-10 to 2026-10-10, ~/.local/share/calendars/personal"))
        // The pair whose local folder holds nothing yet is remote only: its recipe, filled in.
        #expect(run.stdout.contains("'work_cloud' (vdirsyncer (not synced yet)) lives only on https://dav.example.com/remote.php/dav/"))
        #expect(run.stdout.contains("username = \"ana.work\""))
        #expect(run.stdout.contains("path = \"\(home.path)/.calendars/work\""))
        #expect(run.stdout.contains("--dry-run: nothing was written"))
        #expect(!FileManager.default.fileExists(atPath: home.configPath), "a dry run writes nothing")
    }

    /// `program` as the person setting up: as root (CI), as the user nobody through setpriv with `home` made theirs, since
    /// root's setup is the system service's and offers nothing to a person's khal.
    private func runAsUser(_ program: String, _ arguments: [String], home: SetupHome) throws -> (status: Int32, stdout: String, stderr: String) {
        guard getuid() == 0 else { return try runCommand(program, arguments, environment: home.environment) }
        let setpriv = try #require(Binaries.tool("setpriv"), "setpriv is not installed (util-linux)")
        let chown = try runCommand("/bin/chown", ["-R", "65534:65534", home.path])
        try #require(chown.status == 0, "\(chown.stderr)")
        let environment = home.environment.filter { ["HOME", "PATH", "TZ", "LANG"].contains($0.key) }.map { "\($0.key)=\($0.value)" }
        let run = try runCommand(setpriv, ["--reuid=65534", "--regid=65534", "--clear-groups", "env", "-i"] + environment + [program] + arguments)
        return (run.status, run.stdout, run.stderr)
    }

    @Test func setupAddsVigordsCalendarInsideKhalsCalendarsSectionAndKhalReadsIt() throws {
        let khal = try #require(Binaries.tool("khal"), "khal is not installed; Scripts/bootstrap installs it")
        let home = try homeWithCalendarPrograms("khal-offer", khal: """
            [calendars]
              [[work]]
                path = ~/.calendars/work/
                color = dark green
            [sqlite]
            path = ~/khal.db
            [locale]
            timeformat = %H:%M
            """)
        chmod(home.path, 0o755)
        let run = try runAsUser(Binaries.vigorctl, ["setup", "--yes", "--config", home.configPath, "--socket", "/nonexistent/vigord.sock"], home: home)
        #expect(run.status == 0, "\(run.stdout)\n\(run.stderr)")
        #expect(run.stdout.contains("Added vigord's calendar to ~/.config/khal/config (the old one is ~/.config/khal/config.before-vigor)"),
                "\(run.stdout)")
        let written = try String(contentsOfFile: home.path + "/.config/khal/config", encoding: .utf8)
        #expect(written.contains("    color = dark green\n[[vigor]]\npath = ~/.local/share/vigor/calendars/vigor\ntype = calendar\nreadonly = False\n[sqlite]\n"),
                "inside [calendars], before the next section: \(written)")
        #expect(FileManager.default.fileExists(atPath: home.path + "/.config/khal/config.before-vigor"))

        // khal itself reads the file: both calendars.
        let listed = try runAsUser(khal, ["-c", home.path + "/.config/khal/config", "printcalendars"], home: home)
        #expect(listed.status == 0, "\(listed.stderr)")
        #expect(Set(listed.stdout.split(separator: "\n").map { String($0) }) == ["work", "vigor"], "\(listed.stdout)")

        // Run again, setup sees the calendar there and asks nothing more about khal.
        let again = try runAsUser(Binaries.vigorctl, ["setup", "--yes", "--config", home.configPath, "--socket", "/nonexistent/vigord.sock"], home: home)
        #expect(again.status == 0, "\(again.stdout)\n\(again.stderr)")
        #expect(!again.stdout.contains("vigord's calendar to"), "\(again.stdout)")
    }

    @Test func aBrokenKhalConfigIsReportedAndSetupGoesOn() throws {
        let home = try homeWithCalendarPrograms("broken", khal: "[calendars]\n  [[work\n    path = ~/nowhere/\nthis is not khal\n")
        let run = try runCommand(
            Binaries.vigorctl, ["setup", "--yes", "--dry-run", "--config", home.configPath, "--socket", "/nonexistent/vigord.sock"], environment: home.environment)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.contains("note: khal's configuration ~/.config/khal/config, line 2: an unclosed section header '[[work'"))
        #expect(run.stdout.contains("line 4: 'this is not khal' is no section and no key = value"))
        #expect(run.stdout.contains("personal (vdirsyncer): 1 event"), "the other programs' calendars are still found")
    }

    @Test func everyAnswerIsAFlagAndTheConfigurationPassesVigordsChecker() throws {
        let home = try SetupHome("flags")
        try home.write(SetupHome.event("g1", title: "Gym", start: "20261010T080000Z", end: "20261010T090000Z"), at: "Calendars/gym.ics")
        let run = try runCommand(
            Binaries.vigorctl,
            ["setup", "--yes", "--config", home.configPath, "--calendar", home.path + "/Calendars/gym.ics", "--sessions", "4", "--preferred", "06:30-08:00", "17:00-19:00",
             "--rest-days", "sun", "--equipment", "dumbbells", "--injuries", "left knee", "--notifications", "no",
             "--socket", "/nonexistent/vigord.sock"],
            environment: home.environment)
        #expect(run.status == 0, "\(run.stdout)\n\(run.stderr)")
        let written = try String(contentsOfFile: home.configPath, encoding: .utf8)
        // A user's config may name private calendar URLs: readable by its owner only.
        let permissions = try FileManager.default.attributesOfItem(atPath: home.configPath)[.posixPermissions] as? Int
        #expect(permissions == 0o600)
        #expect(written.contains("sessions_per_week = 4\n"))
        #expect(written.contains("preferred = [\"06:30-08:00\", \"17:00-19:00\"]\n"))
        #expect(written.contains("rest_days = [\"sunday\"]\n"))
        #expect(written.contains("desktop = false\n"))
        // vigord reads `~/` as the account's home, which the scratch HOME is not: the path is written in full.
        #expect(written.contains("equipment = [\"dumbbells\"]\ninjuries = [\"left knee\"]\n"))
        #expect(written.contains("name = \"gym\"\npath = \"\(home.path)/Calendars/gym.ics\"\n"))
        #expect(run.stdout.contains("vigord --check-config: the configuration is valid."))
        #expect(try runCommand(Binaries.vigord, ["--check-config", "--config", home.configPath]).status == 0)
        // No user manager and no vigord: the exact commands, and no pretending.
        #expect(run.stdout.contains("systemctl --user enable --now vigord.socket vigord.service vigor-morning.timer"))
    }

    @Test func aPhonesExportsInSyncedFoldersAndAWatchOverMTPAreOfferedAndWrittenAsHealthSources() throws {
        let home = try SetupHome("health-sources")
        try home.write(
            #"<configuration version="37"><folder id="ab-cd" label="Phone &amp; watch" path="~/Sync/Phone" type="receiveonly">"#
                + "</folder></configuration>\n",
            at: ".config/syncthing/config.xml")
        try FileManager.default.createDirectory(atPath: home.path + "/Sync/Phone/Gadgetbridge", withIntermediateDirectories: true)
        let generator = Binaries.folder.appendingPathComponent("vigor-health-export").path
        let database = home.path + "/Sync/Phone/Gadgetbridge/Gadgetbridge.db"
        #expect(try runCommand(generator, ["--format", "gadgetbridge", "--days", "3", database]).status == 0)
        try home.write(
            #"{"data": {"metrics": [{"name": "resting_heart_rate", "units": "count/min", "data": []}]}}"#,
            at: "Nextcloud/Health/HealthAutoExport-2026-03-23.json")
        try home.write(#"{"shopping": ["milk"]}"#, at: "Dropbox/notes.json")
        let runtime = (home.path as NSString).deletingLastPathComponent + "/run"
        let watch = runtime + "/gvfs/mtp:host=091e_4b48_0000c2a0b1c2/Internal Storage/GARMIN/Activity"
        try FileManager.default.createDirectory(atPath: watch, withIntermediateDirectories: true)
        var environment = home.environment
        environment["XDG_RUNTIME_DIR"] = runtime
        let run = try runCommand(
            Binaries.vigorctl, ["setup", "--yes", "--config", home.configPath, "--socket", "/nonexistent/vigord.sock"],
            environment: environment)
        #expect(run.status == 0, "\(run.stdout)\n\(run.stderr)")
        #expect(run.stdout.contains("1. Gadgetbridge export (Syncthing): ~/Sync/Phone/Gadgetbridge/Gadgetbridge.db"), "\(run.stdout)")
        #expect(run.stdout.contains("2. Health Auto Export files (Nextcloud): ~/Nextcloud/Health"), "\(run.stdout)")
        #expect(run.stdout.contains("3. Garmin watch activities (mounted watch): \(watch)"), "\(run.stdout)")
        #expect(!run.stdout.contains("Dropbox"), "a JSON file that is not Health Auto Export's is not offered")
        let written = try String(contentsOfFile: home.configPath, encoding: .utf8)
        #expect(written.contains("[[health.source]]\nname = \"gadgetbridge\"\npath = \"\(database)\"\nformat = \"gadgetbridge\"\n"))
        #expect(written.contains("name = \"health-auto-export\"\npath = \"\(home.path)/Nextcloud/Health\"\nformat = \"health-auto-export\"\n"))
        #expect(written.contains("name = \"garmin\"\npath = \"\(watch)\"\nformat = \"fit\"\n"))
        #expect(try runCommand(Binaries.vigord, ["--check-config", "--config", home.configPath]).status == 0)
    }

    @Test func syncthingsConfigIsReadWhereReleasesFrom1_27KeepItBeforeWhereEarlierOnesDid() throws {
        let home = try SetupHome("syncthing-state")
        for (config, folder) in [(".local/state/syncthing/config.xml", "Current"), (".config/syncthing/config.xml", "Earlier")] {
            try home.write(
                #"<configuration version="37"><folder id="\#(folder)" label="Phone" path="~/\#(folder)" type="receiveonly"></folder></configuration>"#,
                at: config)
            try FileManager.default.createDirectory(atPath: home.path + "/\(folder)/Gadgetbridge", withIntermediateDirectories: true)
            let database = home.path + "/\(folder)/Gadgetbridge/Gadgetbridge.db"
            #expect(try runCommand(Binaries.folder.appendingPathComponent("vigor-health-export").path,
                                   ["--format", "gadgetbridge", "--days", "1", database]).status == 0)
        }
        let run = try runCommand(
            Binaries.vigorctl, ["setup", "--yes", "--dry-run", "--config", home.configPath, "--socket", "/nonexistent/vigord.sock"],
            environment: home.environment)
        #expect(run.status == 0, "\(run.stdout)\n\(run.stderr)")
        #expect(run.stdout.contains("Gadgetbridge export (Syncthing): ~/Current/Gadgetbridge/Gadgetbridge.db"), "\(run.stdout)")
        #expect(!run.stdout.contains("~/Earlier"), "~/.config/syncthing is read only when ~/.local/state/syncthing has no config.xml")

        try FileManager.default.removeItem(atPath: home.path + "/.local/state/syncthing/config.xml")
        let earlier = try runCommand(
            Binaries.vigorctl, ["setup", "--yes", "--dry-run", "--config", home.configPath, "--socket", "/nonexistent/vigord.sock"],
            environment: home.environment)
        #expect(earlier.stdout.contains("Gadgetbridge export (Syncthing): ~/Earlier/Gadgetbridge/Gadgetbridge.db"), "\(earlier.stdout)")
    }

    @Test func withoutAPhonesDataSetupSaysWhereAHealthSourceGoesAndAsksNothing() throws {
        let home = try SetupHome("no-health-sources")
        let run = try runCommand(
            Binaries.vigorctl, ["setup", "--yes", "--config", home.configPath, "--socket", "/nonexistent/vigord.sock"],
            environment: home.environment)
        #expect(run.status == 0, "\(run.stdout)\n\(run.stderr)")
        #expect(run.stdout.contains("I found no health data a phone or a watch keeps here"), "\(run.stdout)")
        #expect(!(try String(contentsOfFile: home.configPath, encoding: .utf8)).contains("[[health.source]]"))
    }

    /// A calendar whose events start in Berlin time, as Evolution and Thunderbird write them.
    private static let berlinMeetings = [
        "BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//vigord tests//EN",
        "BEGIN:VEVENT", "UID:m1", "DTSTAMP:20260101T000000Z", "DTSTART;TZID=Europe/Berlin:20261012T090000",
        "DTEND;TZID=Europe/Berlin:20261012T100000", "SUMMARY:Standup", "END:VEVENT",
        "BEGIN:VEVENT", "UID:m2", "DTSTAMP:20260101T000000Z", "DTSTART;TZID=\"Europe/Berlin\":20261013T090000",
        "DTEND;TZID=\"Europe/Berlin\":20261013T100000", "SUMMARY:Review", "END:VEVENT",
        "END:VCALENDAR", "",
    ].joined(separator: "\r\n")

    @Test func onAMachineInUTCTheZoneTheCalendarsUseIsWrittenAndSaid() throws {
        let home = try SetupHome("zone-utc")
        try home.write(Self.berlinMeetings, at: "Calendars/work.ics")
        var environment = home.environment
        environment["TZ"] = "UTC"
        let run = try runCommand(
            Binaries.vigorctl, ["setup", "--yes", "--config", home.configPath, "--calendar", home.path + "/Calendars/work.ics",
                                "--socket", "/nonexistent/vigord.sock"], environment: environment)
        #expect(run.status == 0, "\(run.stdout)\n\(run.stderr)")
        #expect(run.stdout.contains("This machine's time zone is UTC, but your calendars keep their times in Europe/Berlin"), "\(run.stdout)")
        let written = try String(contentsOfFile: home.configPath, encoding: .utf8)
        #expect(written.contains("[schedule]\n# Your time zone: every time vigord shows and plans in (this machine's own zone is UTC).\ntimezone = \"Europe/Berlin\"\n"))
        #expect(try runCommand(Binaries.vigord, ["--check-config", "--config", home.configPath]).status == 0)
    }

    @Test func onAMachineInUTCWithoutCalendarsSetupWarnsThatItWillPlanInUTC() throws {
        let home = try SetupHome("zone-utc-none")
        var environment = home.environment
        environment["TZ"] = "Etc/UTC"
        let run = try runCommand(
            Binaries.vigorctl, ["setup", "--yes", "--dry-run", "--config", home.configPath, "--socket", "/nonexistent/vigord.sock"],
            environment: environment)
        #expect(run.status == 0, "\(run.stdout)\n\(run.stderr)")
        #expect(run.stdout.contains("warning: this machine's time zone is Etc/UTC and no calendar names yours: vigord will plan your "
            + "mornings and evenings in UTC. If you live elsewhere, run setup again with --timezone"), "\(run.stdout)")
        environment["TZ"] = "Europe/Lisbon"
        let own = try runCommand(
            Binaries.vigorctl, ["setup", "--yes", "--dry-run", "--config", home.configPath, "--socket", "/nonexistent/vigord.sock"],
            environment: environment)
        #expect(!own.stdout.contains("warning: this machine's time zone"), "\(own.stdout)")
    }

    @Test func onAMachineWithAZoneOfItsOwnSetupLeavesTheZoneToIt() throws {
        let home = try SetupHome("zone-own")
        try home.write(Self.berlinMeetings, at: "Calendars/work.ics")
        var environment = home.environment
        environment["TZ"] = "America/New_York"
        let run = try runCommand(
            Binaries.vigorctl, ["setup", "--yes", "--config", home.configPath, "--calendar", home.path + "/Calendars/work.ics",
                                "--socket", "/nonexistent/vigord.sock"], environment: environment)
        #expect(run.status == 0, "\(run.stdout)\n\(run.stderr)")
        #expect(!run.stdout.contains("This machine's time zone"))
        #expect(try !String(contentsOfFile: home.configPath, encoding: .utf8).contains("timezone"))
    }

    @Test func aTimeZoneThatDoesNotExistIsRefusedBeforeAnythingHappens() throws {
        let home = try SetupHome("zone-bad")
        let run = try runCommand(
            Binaries.vigorctl, ["setup", "--yes", "--config", home.configPath, "--timezone", "Mars/Olympus_Mons"], environment: home.environment)
        #expect(run.status == 64)
        #expect(run.stderr.contains("--timezone 'Mars/Olympus_Mons' is not a time zone this machine knows"), "\(run.stderr)")
        #expect(!FileManager.default.fileExists(atPath: home.configPath))
    }

    @Test func theCommandToStartVigordByHandNamesTheConfigurationAndSocketSetupUsed() throws {
        let home = try SetupHome("by-hand")
        try home.write(SetupHome.event("g1", title: "Gym", start: "20261010T080000Z", end: "20261010T090000Z"), at: "Calendars/gym.ics")
        let config = home.path + "/my vigor/config.toml"
        let run = try runCommand(
            Binaries.vigorctl,
            ["setup", "--yes", "--config", config, "--calendar", home.path + "/Calendars/gym.ics", "--socket", "/nonexistent/vigord.sock"],
            environment: home.environment)
        #expect(run.status == 0, "\(run.stdout)\n\(run.stderr)")
        #expect(run.stdout.contains("\n  vigord --config '\(config)' --socket /nonexistent/vigord.sock &\n"), "\(run.stdout)")
    }

    @Test func anUnknownInjuryWordIsReportedByVigordsCheckerAndSetup() throws {
        let home = try SetupHome("unknown-injury")
        let run = try runCommand(
            Binaries.vigorctl,
            ["setup", "--yes", "--config", home.configPath, "--sessions", "3", "--preferred", "07:00-09:00", "--rest-days", "sun",
             "--equipment", "none", "--injuries", "sciatica", "left knee", "--notifications", "no", "--socket", "/nonexistent/vigord.sock"],
            environment: home.environment)
        #expect(run.status == 0, "\(run.stdout)\n\(run.stderr)")
        let note = "note: [profile] injury 'sciatica' is not one vigord understands, so it rules out no session (it knows: knee, hip, "
            + "hamstring, ankle, foot, back, neck, shoulder, elbow, wrist)"
        #expect(run.stdout.contains("vigord --check-config: the configuration is valid.\n  " + note + "\n"), "\(run.stdout)")
        #expect(try String(contentsOfFile: home.configPath, encoding: .utf8).contains("injuries = [\"sciatica\", \"left knee\"]\n"),
                "the word is kept as the user wrote it")
        let checked = try runCommand(Binaries.vigord, ["--check-config", "--config", home.configPath])
        #expect(checked.status == 0)
        #expect(checked.stderr.contains("vigord: " + note + "\n"))
        #expect(!checked.stderr.contains("left knee"), "an injury vigord understands is no news")
    }

    @Test func aBadFlagIsRefusedBeforeAnythingHappens() throws {
        let home = try SetupHome("badflag")
        let run = try runCommand(Binaries.vigorctl, ["setup", "--yes", "--config", home.configPath, "--preferred", "9-5"], environment: home.environment)
        #expect(run.status == 64)
        #expect(run.stderr.contains("--preferred '9-5' is not HH:MM-HH:MM"))
        #expect(!FileManager.default.fileExists(atPath: home.configPath))
    }

    @Test func theQuestionsOnATerminalTakeAnswersAndDefaults() throws {
        let home = try homeWithCalendarPrograms("terminal")
        let run = try runOnTerminal(
            Binaries.vigorctl, ["setup", "--config", home.configPath, "--socket", "/nonexistent/vigord.sock"],
            answers: ["2", "4", "", "sat", "kettlebell mat", "", "n"], environment: home.environment)
        #expect(run.status == 0, "\(run.transcript)")
        #expect(run.transcript.contains("Read all of them? Enter, or the numbers to leave out (e.g. 2 3): [all] 2"))
        #expect(run.transcript.contains("How many sessions a week? [3] 4"))
        #expect(run.transcript.contains("(6 questions asked)"), "the choice of calendars is not counted")
        let written = try String(contentsOfFile: home.configPath, encoding: .utf8)
        // A user's config may name private calendar URLs: readable by its owner only.
        let permissions = try FileManager.default.attributesOfItem(atPath: home.configPath)[.posixPermissions] as? Int
        #expect(permissions == 0o600)
        #expect(written.contains("sessions_per_week = 4\n"))
        #expect(written.contains("preferred = [\"07:00-09:00\"]\n"), "Enter took the default")
        #expect(written.contains("rest_days = [\"saturday\"]\n"))
        #expect(written.contains("desktop = false\n"))
        #expect(written.contains("equipment = [\"kettlebell\", \"mat\"]\n"))
        #expect(written.contains("injuries = []\n"))
        #expect(written.contains("name = \"work\""))
        #expect(!written.contains("name = \"personal\""), "calendar 2 was left out")
    }

    @Test func decliningDesktopNotificationsSaysTheInboxKeepsTheDaysMessageAndHowToHandItToAProgram() throws {
        let home = try homeWithCalendarPrograms("no-desktop")
        let run = try runOnTerminal(
            Binaries.vigorctl, ["setup", "--config", home.configPath, "--socket", "/nonexistent/vigord.sock"],
            answers: ["", "", "", "", "", "", "n"], environment: home.environment)
        #expect(run.status == 0, "\(run.transcript)")
        #expect(run.transcript.contains("(6 questions asked)"), "no question was added: \(run.transcript)")
        let told = try #require(run.transcript.range(of: "Without desktop notifications"), "\(run.transcript)")
        let advice = run.transcript[told.lowerBound...]
        #expect(advice.contains("waits in `vigorctl inbox`"), "\(advice)")
        #expect(advice.contains("  [notify]\n  command = [\"ntfy\", \"publish\", \"mytopic\"]\n"), "the exact lines: \(advice)")
        let written = try String(contentsOfFile: home.configPath, encoding: .utf8)
        #expect(written.contains("desktop = false\n"))
    }

    @Test func acceptingDesktopNotificationsSaysNothingOfAProgram() throws {
        let home = try homeWithCalendarPrograms("desktop")
        let run = try runOnTerminal(
            Binaries.vigorctl, ["setup", "--config", home.configPath, "--socket", "/nonexistent/vigord.sock"],
            answers: ["", "", "", "", "", "", ""], environment: home.environment)
        #expect(run.status == 0, "\(run.transcript)")
        #expect(!run.transcript.contains("Without desktop notifications"), "\(run.transcript)")
    }

    @Test func aRefusedWindowShowsAnExampleAndItsRetryIsNotASecondQuestion() throws {
        let home = try homeWithCalendarPrograms("retry")
        let run = try runOnTerminal(
            Binaries.vigorctl, ["setup", "--config", home.configPath, "--socket", "/nonexistent/vigord.sock"],
            answers: ["", "", "9-5", "6:30-8:30", "", "", "", "n"], environment: home.environment)
        #expect(run.status == 0, "\(run.transcript)")
        #expect(run.transcript.contains("'9-5' is not understood: give HH:MM-HH:MM with the start before the end, e.g. 06:30-08:30"),
                "\(run.transcript)")
        #expect(run.transcript.contains("(6 questions asked)"), "the question asked again is one question: \(run.transcript)")
        let written = try String(contentsOfFile: home.configPath, encoding: .utf8)
        #expect(written.contains("preferred = [\"06:30-08:30\"]\n"), "6:30 is 06:30")
    }

    @Test func anInjuryOfSeveralWordsIsKeptWhole() throws {
        let home = try homeWithCalendarPrograms("injury-words")
        let run = try runOnTerminal(
            Binaries.vigorctl, ["setup", "--config", home.configPath, "--socket", "/nonexistent/vigord.sock"],
            answers: ["", "", "", "", "", "right knee, lower back", "n"], environment: home.environment)
        #expect(run.status == 0, "\(run.transcript)")
        let written = try String(contentsOfFile: home.configPath, encoding: .utf8)
        #expect(written.contains("injuries = [\"right knee\", \"lower back\"]\n"), "\(written)")
        #expect(!run.transcript.contains("injury 'right'"), "\(run.transcript)")
    }

    @Test func answersFromAPipeAreShownEachAfterItsQuestion() throws {
        let home = try homeWithCalendarPrograms("piped")
        let run = try runProgram(
            Binaries.vigorctl, ["setup", "--dry-run", "--config", home.configPath, "--socket", "/nonexistent/vigord.sock"],
            environment: home.environment, input: "\n4\n07:00-08:30\n")
        #expect(run.status == 0, "\(run.stdout)\n\(run.stderr)")
        #expect(run.stdout.contains("How many sessions a week? [3] 4\n"), "\(run.stdout)")
        #expect(run.stdout.contains("several with spaces)? [07:00-09:00] 07:00-08:30\n"), "\(run.stdout)")
        // The input ends: every later question takes its default, each on its own line.
        #expect(run.stdout.contains("several with commas, or none)? [none] \n"), "\(run.stdout)")
    }

    @Test func anExistingConfigurationIsNotReplacedWithoutAYes() throws {
        let home = try SetupHome("existing")
        let mine = "[training]\nsessions_per_week = 5\n"
        try home.write(mine, at: ".config/vigor/config.toml")
        let kept = try runOnTerminal(
            Binaries.vigorctl, ["setup", "--config", home.configPath, "--sessions", "2", "--preferred", "07:00-08:00", "--rest-days", "sun", "--notifications", "no",
                                "--equipment", "none", "--injuries", "none",
                                "--socket", "/nonexistent/vigord.sock"],
            answers: ["", ""], environment: home.environment)
        #expect(kept.status == 0, "\(kept.transcript)")
        #expect(kept.transcript.contains("- sessions_per_week = 5"))
        #expect(kept.transcript.contains("+ sessions_per_week = 2"))
        #expect(kept.transcript.contains("Kept ~/.config/vigor/config.toml as it is."))
        #expect(try String(contentsOfFile: home.configPath, encoding: .utf8) == mine)

        let replaced = try runCommand(
            Binaries.vigorctl, ["setup", "--yes", "--config", home.configPath, "--sessions", "2", "--socket", "/nonexistent/vigord.sock"], environment: home.environment)
        #expect(replaced.status == 0, "\(replaced.stderr)")
        #expect(try String(contentsOfFile: home.configPath, encoding: .utf8).contains("sessions_per_week = 2"))
        #expect(try String(contentsOfFile: home.configPath + ".before-setup", encoding: .utf8) == mine, "the old one is kept")
    }

    @Test func ninetyDaysOfCalendarHistoryMakeASchedulerWithAProposalRightAfterSetup() throws {
        let home = try SetupHome("history")
        // vigord reads `~/` in the configuration against its own home: the user's.
        // A Tuesday at 10:00: setup runs before that day's evening, so the evening is still to run after it (a setup
        // after the evening time finds it already run by the start's catch-up, which is right, but another story).
        let daemon = try DaemonHarness(
            label: "setup-history", config: "[schedule]\ntimezone = \"UTC\"\n", extraEnvironment: ["HOME": home.path],
            now: try TestNow.next(weekday: 3, hour: 10, in: .gmt))
        try daemon.start()
        let start = daemon.now.addingTimeInterval(-91 * 86_400)
        let day = { (offset: Double) in start.addingTimeInterval(offset) }
        try home.write(
            SetupHome.event("meetings", title: "Planning", start: SetupHome.stamp(day(9 * 3600)),
                            end: SetupHome.stamp(day(12 * 3600)), byDay: "MO,TU,WE,TH,FR"), at: "Calendars/work/meetings.ics")
        try home.write(
            SetupHome.event("gym", title: "Gym", start: SetupHome.stamp(day(17 * 3600)), end: SetupHome.stamp(day(18 * 3600)), byDay: "SA"),
            at: "Calendars/work/gym.ics")
        let run = try runCommand(
            Binaries.vigorctl,
            ["setup", "--yes", "--calendar", home.path + "/Calendars/work", "--notifications", "no", "--preferred", "18:00-20:00",
             "--equipment", "dumbbells", "--injuries", "knee",
             "--config", daemon.configPath, "--socket", daemon.socketPath],
            environment: home.environment, timeout: 120)
        #expect(run.status == 0, "\(run.stdout)\n\(run.stderr)\n\(daemon.log)")
        #expect(run.stdout.contains("vigord read the new configuration."))
        #expect(run.stdout.contains("Trust: Scheduler. Your calendars and health data show"), "\(daemon.log)")
        #expect(run.stdout.contains("I've already found"))
        #expect(run.stdout.contains("First proposal: "))
        let connection = try daemon.connect()
        let status = try connection.call(StatusMethod.self, NoParams())
        #expect(status.ghost.trustPhase == "scheduler")
        let ruledOut = "run (your injury 'knee'); ride (your injury 'knee' and no bike in your equipment); swim (no pool in your equipment)"
        #expect(status.profile == ProfileStatus(equipment: ["dumbbells"], injuries: ["knee"], ruledOut: ruledOut))
        let shown = try runCommand(Binaries.vigorctl, ["status", "--socket", daemon.socketPath])
        #expect(shown.stdout.contains("profile     equipment dumbbells; injuries knee\n  ruled out   \(ruledOut)\n"), "\(shown.stdout)")
        let inbox = try connection.call(InboxListMethod.self, NoParams())
        #expect(inbox.entries.contains { $0.kind == "proposal" }, "\(inbox.entries.map(\.kind))")
        // The knee rules out a run: the first proposal is strength training, and vigord's calendar says so and why.
        let proposal = try #require(status.plan.proposals.first)
        #expect(proposal.kind == .strength)
        // The first plan in plain words: each date with its weekday, the chance of a skip said as one, no block id.
        let windows = run.stdout.split(separator: "\n").filter { $0.hasPrefix("  ") && $0.contains("free at ") }
        let weekdays = ["Mon ", "Tue ", "Wed ", "Thu ", "Fri ", "Sat ", "Sun "]
        #expect(!windows.isEmpty && windows.allSatisfy { line in weekdays.contains { line.dropFirst(2).hasPrefix($0) } }, "\(run.stdout)")
        #expect(!run.stdout.contains("skip risk") && !run.stdout.contains("(\(proposal.id))"), "\(run.stdout)")
        let first = run.stdout.split(separator: "\n").first { $0.hasPrefix("First proposal: Strength training, ") }
        #expect(first.map { line in weekdays.contains { line.dropFirst(35).hasPrefix($0) } } == true, "\(run.stdout)")
        // `[calendar.output] path` takes effect on restart: the harness's folder until then.
        let written = try Self.calendarFiles(under: daemon.folder + "/calendars").map { try String(contentsOfFile: $0, encoding: .utf8) }
            .first { $0.contains("X-VIGOR-BLOCK-ID:\(proposal.id)\r\n") }
        let file = try #require(written, "the proposal is in vigord's calendar")
        #expect(file.contains("SUMMARY:Proposed: Strength training\r\n"))
        #expect(file.replacingOccurrences(of: "\r\n ", with: "").contains(
            "DESCRIPTION:45 minutes of strength training.\\n\\n"), "\(file)")
        #expect(file.replacingOccurrences(of: "\r\n ", with: "").contains(
            "Not proposed because of an injury: run\\, ride (your injury 'knee')."), "\(file)")
        let why = try runCommand(Binaries.vigorctl, ["why", proposal.id, "--socket", daemon.socketPath])
        let rows = why.stdout.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
        #expect(rows.contains { $0.hasPrefix("Session ") && $0.hasSuffix(" strength training — neutral") }, "\(why.stdout)")
        #expect(rows.contains { $0.hasPrefix("Ruled out ") && $0.hasSuffix(" \(ruledOut) — neutral") }, "\(why.stdout)")
        // The first plan did not use up the evening: it still runs today.
        let evening = try connection.call(CycleRunMethod.self, .init(kind: .evening))
        #expect(evening.ran)
    }

    /// The `.ics` files under `root`, at any depth.
    static func calendarFiles(under root: String) throws -> [String] {
        let found = FileManager.default.enumerator(atPath: root)?.compactMap { $0 as? String } ?? []
        return found.filter { $0.hasSuffix(".ics") }.map { root + "/" + $0 }
    }
}
