import Foundation
import TestPrograms
import Testing

#if canImport(Glibc)
import Glibc
#endif

private let analyzeTool = Binaries.tool("systemd-analyze")
private let setprivTool = Binaries.tool("setpriv")

/// A configuration file in `folder` with the given `[schedule]` lines.
private func writeConfig(_ schedule: String, in folder: String) throws -> String {
    let path = folder + "/config.toml"
    try "[schedule]\n\(schedule)\n".write(toFile: path, atomically: true, encoding: .utf8)
    chmod(path, 0o644)
    return path
}

/// The last `OnCalendar=` value of a drop-in.
private func onCalendar(_ path: String) throws -> String {
    let line = try #require(try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n").last { $0.hasPrefix("OnCalendar=") })
    return String(line.dropFirst("OnCalendar=".count))
}

/// The instants (UTC) systemd's calendar parser gives for `spec` after `base`, computed in the zone UTC so the
/// machine's zone cannot be what makes them right.
private func elapses(_ spec: String, after base: String, count: Int) throws -> [String] {
    var environment = ProcessInfo.processInfo.environment
    environment["TZ"] = "UTC"
    let result = try runCommand(
        analyzeTool ?? "", ["calendar", "--base-time=\(base)", "--iterations=\(count)", spec], environment: environment)
    #expect(result.status == 0, "\(result.stderr)")
    return result.stdout.split(separator: "\n").filter { $0.contains("Next elapse:") || $0.contains("Iter. #") }
        .map { String($0.split(separator: ":", maxSplits: 1)[1]).trimmingCharacters(in: .whitespaces) }
}

@Suite(.removesScratchFolders) struct TimerScheduleTests {
    @Test(.enabled(if: TestTools.runnable(["systemd-analyze"]), "systemd-analyze is not installed (apt-get install systemd)"))
    func theTimersFireAtTheConfiguredTimesInTheConfiguredZoneAcrossDaylightSaving() throws {
        for set in ["system", "user"] {
            let (folder, units) = try stageUnits(set)
            let config = try writeConfig("morning = \"06:30\"\nevening = \"20:15\"\ntimezone = \"Europe/Berlin\"", in: folder)
            let written = try runCommand(Binaries.vigord, ["--write-timer-drop-ins", folder, "--config", config])
            #expect(written.status == 0, "\(written.stderr)")

            // systemd-analyze verify reads the drop-ins beside the units: they must load without a warning.
            let runtime = folder + "/runtime"
            try FileManager.default.createDirectory(atPath: runtime, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
            var environment = ProcessInfo.processInfo.environment
            environment["XDG_RUNTIME_DIR"] = runtime
            let verify = try runCommand(analyzeTool ?? "", (set == "user" ? ["--user"] : []) + ["verify"] + units, environment: environment)
            #expect(verify.status == 0 && verify.stderr.isEmpty, "\(set): \(verify.stderr)")

            // 2026-03-29 has 23 hours in Berlin: 06:30 is 05:30Z on the Saturday and 04:30Z on the Sunday.
            let morning = try onCalendar(folder + "/vigor-morning.timer.d/10-schedule.conf")
            #expect(morning == "*-*-* 06:30:00 Europe/Berlin")
            #expect(try elapses(morning, after: "2026-03-28 00:00:00 UTC", count: 2)
                == ["Sat 2026-03-28 05:30:00 UTC", "Sun 2026-03-29 04:30:00 UTC"])
            let evening = try onCalendar(folder + "/vigor-evening.timer.d/10-schedule.conf")
            #expect(try elapses(evening, after: "2026-10-24 12:00:00 UTC", count: 2)
                == ["Sat 2026-10-24 18:15:00 UTC", "Sun 2026-10-25 19:15:00 UTC"])
            // The weekly cycle: Sundays at the evening time, here across the fall-back Sunday.
            let weekly = try onCalendar(folder + "/vigor-weekly.timer.d/10-schedule.conf")
            #expect(weekly == "Sun *-*-* 20:15:00 Europe/Berlin")
            #expect(try elapses(weekly, after: "2026-10-24 12:00:00 UTC", count: 2)
                == ["Sun 2026-10-25 19:15:00 UTC", "Sun 2026-11-01 19:15:00 UTC"])
        }
    }

    @Test func anInvalidConfigurationWritesNoDropInAndSaysWhy() throws {
        let folder = try makeScratchFolder("dropins-invalid")
        let config = try writeConfig("morning = \"6.30\"", in: folder)
        let result = try runCommand(Binaries.vigord, ["--write-timer-drop-ins", folder + "/out", "--config", config])
        #expect(result.status == 78)
        #expect(result.stderr.contains("config.toml:2: key 'schedule.morning'"))
        #expect(!FileManager.default.fileExists(atPath: folder + "/out"))
    }

    @Test func reloadingTheServiceRerunsTheGeneratorSoTheTimersFollow() throws {
        let system = try Repository.text("systemd/system/vigord.service").split(separator: "\n").filter { $0.hasPrefix("ExecReload=") }
        let user = try Repository.text("systemd/user/vigord.service").split(separator: "\n").filter { $0.hasPrefix("ExecReload=") }
        #expect(system == ["ExecReload=/bin/kill -HUP $MAINPID", "ExecReload=+/usr/bin/systemctl daemon-reload"])
        #expect(user == ["ExecReload=/bin/kill -HUP $MAINPID", "ExecReload=/usr/bin/systemctl --user daemon-reload"])
    }

    /// A user manager runs the generator as that user: it reads `$XDG_CONFIG_HOME/vigor/config.toml` and writes into
    /// the first of the three folders systemd passes.
    @Test(.enabled(if: TestTools.asRoot(["setpriv"]), "root-only: needs root (and setpriv) to run the generator as another user"))
    func theGeneratorOfAUserManagerReadsThatUsersConfiguration() throws {
        let folder = try makeScratchFolder("generator")
        try FileManager.default.createDirectory(atPath: folder + "/config/vigor", withIntermediateDirectories: true)
        chmod(folder + "/config", 0o755)
        chmod(folder + "/config/vigor", 0o755)
        _ = try writeConfig("morning = \"05:10\"\ntimezone = \"America/New_York\"", in: folder + "/config/vigor")
        for output in ["normal", "early", "late"] {
            try FileManager.default.createDirectory(atPath: folder + "/" + output, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o777])
        }
        let generator = try Repository.text("systemd/generators/vigord-timer-generator")
            .replacingOccurrences(of: "/usr/local/bin/vigord", with: Binaries.vigord)
        try generator.write(toFile: folder + "/vigord-timer-generator", atomically: true, encoding: .utf8)
        chmod(folder + "/vigord-timer-generator", 0o755)

        let result = try runCommand(setprivTool ?? "", [
            "--reuid=65534", "--regid=65534", "--clear-groups", "env", "-i", "HOME=/nonexistent", "XDG_CONFIG_HOME=\(folder)/config",
            "SYSTEMD_SCOPE=user", folder + "/vigord-timer-generator", folder + "/normal", folder + "/early", folder + "/late",
        ])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(try onCalendar(folder + "/normal/vigor-morning.timer.d/10-schedule.conf") == "*-*-* 05:10:00 America/New_York")
        #expect(try onCalendar(folder + "/normal/vigor-evening.timer.d/10-schedule.conf") == "*-*-* 21:00:00 America/New_York")
        #expect(try onCalendar(folder + "/normal/vigor-weekly.timer.d/10-schedule.conf") == "Sun *-*-* 21:00:00 America/New_York")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder + "/early").isEmpty)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder + "/late").isEmpty)
    }
}
