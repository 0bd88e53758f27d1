import Foundation
import TestPrograms
import Testing
import VigorRPC

/// Held time with real parts: the real vigord and vigorctl over the socket, and khal reading vigord's calendar.
@Suite(.removesScratchFolders, .enabled(if: TestTools.runnable(["khal"]), "needs khal (Scripts/bootstrap installs it)"))
struct HeldTimeCommandTests {
    /// Three sessions a week at least 40 hours apart, in Berlin.
    private static let config = """
        [schedule]
        timezone = "Europe/Berlin"
        [training]
        sessions_per_week = 3
        min_hours_between_sessions = 40
        """

    /// `khal list` of vigord's collection over the eight days from `day`: `YYYY-MM-DD HH:MM title STATUS` per event.
    private func khalList(_ daemon: DaemonHarness, from day: Date) throws -> [String] {
        let khal = try #require(Binaries.tool("khal"), "khal is not installed; Scripts/bootstrap installs it")
        let config = daemon.folder + "/khal.conf"
        try """
            [calendars]
            [[vigor]]
            path = \(daemon.folder)/calendars/vigor
            type = calendar
            [sqlite]
            path = \(daemon.folder)/khal.db
            [locale]
            timeformat = %H:%M
            dateformat = %Y-%m-%d
            longdateformat = %Y-%m-%d
            datetimeformat = %Y-%m-%d %H:%M
            longdatetimeformat = %Y-%m-%d %H:%M
            local_timezone = Europe/Berlin
            default_timezone = Europe/Berlin
            [default]
            default_calendar = vigor

            """.write(toFile: config, atomically: true, encoding: .utf8)
        let first = String(RPCTimestamp(day, in: TestNow.berlin).description.prefix(10))
        let environment = ["HOME": daemon.folder, "PATH": "/usr/bin:/bin", "LANG": "C.UTF-8", "TZ": "Europe/Berlin"]
        let output = try runTool(khal, ["-c", config, "list", "--day-format", "", "--format", "{start} {title} {status}", first, "8d"],
                                 environment: environment)
        #expect(output.status == 0, "khal failed: \(output.stderr)")
        return output.stdout.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
    }

    @Test func khalListsTheWeeksHoldsAsTentativeAfterOneEveningAtAutoScheduler() throws {
        let evening = try TestNow.next(weekday: 1, hour: 20)
        let daemon = try DaemonHarness(label: "holds-auto", config: Self.config, now: evening)
        try daemon.start()
        let socket = ["--socket", daemon.socketPath]
        #expect(try runCommand(Binaries.vigorctl, ["trust", "set", "auto-scheduler"] + socket).status == 0)
        let cycle = try runCommand(Binaries.vigorctl, ["cycle", "evening"] + socket)
        #expect(cycle.status == 0 && cycle.stdout.contains("held 2 session(s) of the week"), "\(cycle.stdout)\(cycle.stderr)")
        let listed = try khalList(daemon, from: evening)
        let held = listed.filter { $0.contains("Held: Training") }
        #expect(held.count == 2, "\(listed)")
        #expect(held.allSatisfy { $0.hasSuffix("TENTATIVE") && $0.contains(" 07:00 ") }, "\(held)")
        // Tomorrow's block is titled by its kind: the first session of a user with no equipment and no injuries is a run.
        #expect(listed.contains { $0.contains(" 07:00 Run ") || $0.contains(" 07:00 Proposed: Run ") }, "\(listed)")
        let plan = try runCommand(Binaries.vigorctl, ["plan"] + socket)
        #expect(plan.stdout.split(separator: "\n").filter { $0.contains("  held 07:00 ") && $0.contains("  held, ") }.count == 2, "\(plan.stdout)")
        let status = try runCommand(Binaries.vigorctl, ["status"] + socket)
        #expect(status.stdout.contains("next hold") && status.stdout.contains("07:00, busy to others"), "\(status.stdout)")
    }

    @Test func aSchedulersWeekIsHeldOnlyAfterVigorctlPlanHold() throws {
        let evening = try TestNow.next(weekday: 1, hour: 20)
        let daemon = try DaemonHarness(label: "holds-scheduler", config: Self.config, now: evening)
        try daemon.start()
        let socket = ["--socket", daemon.socketPath]
        #expect(try runCommand(Binaries.vigorctl, ["trust", "set", "scheduler"] + socket).status == 0)
        #expect(try runCommand(Binaries.vigorctl, ["cycle", "evening"] + socket).status == 0)
        #expect(try khalList(daemon, from: evening).allSatisfy { !$0.contains("Held:") })
        let held = try runCommand(Binaries.vigorctl, ["plan", "--hold", "week"] + socket)
        #expect(held.status == 0, "\(held.stderr)")
        #expect(held.stdout.hasPrefix("Held the week ahead.\nThe week ahead, as planned "), "\(held.stdout)")
        #expect(held.stdout.split(separator: "\n").filter { $0.contains("  held ") }.count == 2, "\(held.stdout)")
        #expect(try khalList(daemon, from: evening).filter { $0.contains("Held: Training") && $0.hasSuffix("TENTATIVE") }.count == 2)
        let wednesday = try runCommand(Binaries.vigorctl, ["plan", "--release", "wed"] + socket)
        #expect(wednesday.status == 0, "\(wednesday.stderr)")
        #expect(wednesday.stdout.hasPrefix("Released wed.\n"), "\(wednesday.stdout)")
        #expect(try khalList(daemon, from: evening).filter { $0.contains("Held: Training") }.count == 1)
        let both = try runCommand(Binaries.vigorctl, ["plan", "--hold", "wed", "--release", "fri"] + socket)
        #expect(both.status != 0 && both.stderr.contains("Give --hold or --release, not both."), "\(both.stderr)")
    }
}
