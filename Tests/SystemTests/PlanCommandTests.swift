import Foundation
import TestPrograms
import Testing
import VigorRPC

/// `vigorctl plan` and the week line of `vigorctl status` against a running vigord over its socket.
@Test(.removesScratchFolders) func vigorctlPlanShowsTheWeekAheadAfterAnEvening() throws {
    let daemon = try DaemonHarness(label: "plan")
    try daemon.start()
    let socket = ["--socket", daemon.socketPath]
    #expect(try runCommand(Binaries.vigorctl, ["trust", "set", "scheduler"] + socket).status == 0)
    #expect(try runCommand(Binaries.vigorctl, ["cycle", "evening"] + socket).status == 0)
    let shown = try runCommand(Binaries.vigorctl, ["plan"] + socket)
    #expect(shown.status == 0, "\(shown.stderr)")
    let lines = shown.stdout.split(separator: "\n")
    #expect(lines.first?.hasPrefix("The week ahead, as planned ") == true)
    #expect(lines.dropFirst().count == 7, "\(shown.stdout)")
    #expect(lines.dropFirst().allSatisfy { $0.contains("  scheduled") || $0.contains("  proposed") || $0.contains("  likely") || $0.contains("  none") })
    let json = try runCommand(Binaries.vigorctl, ["plan", "--json"] + socket)
    let week = try RPCCoding.decode(WeekPlanView.self, from: try JSONParser.parse(Data(json.stdout.utf8)))
    #expect(week.days.count == 7 && week.days.allSatisfy { $0.status != "none" || $0.why != nil })
    let status = try runCommand(Binaries.vigorctl, ["status"] + socket)
    #expect(status.stdout.contains("week") && status.stdout.contains("(vigorctl plan)"), "\(status.stdout)")
    // A day without a block says why in words, not in the API's names (restDay, weekFull, …).
    #expect(week.days.contains { $0.why != nil }, "\(shown.stdout)")
    #expect(week.days.allSatisfy { day in day.why.map { !status.stdout.contains("(\($0))") } ?? true }, "\(status.stdout)")
}

@Test(.removesScratchFolders) func vigorctlWhyADayWithoutABlockNamesTheDayAndTheRule() throws {
    let daemon = try DaemonHarness(label: "why-day")
    try daemon.start()
    let socket = ["--socket", daemon.socketPath]
    #expect(try runCommand(Binaries.vigorctl, ["trust", "set", "scheduler"] + socket).status == 0)
    #expect(try runCommand(Binaries.vigorctl, ["cycle", "evening"] + socket).status == 0)
    let json = try runCommand(Binaries.vigorctl, ["plan", "--json"] + socket)
    let week = try RPCCoding.decode(WeekPlanView.self, from: try JSONParser.parse(Data(json.stdout.utf8)))
    let empty = try #require(week.days.first { $0.status == "none" }, "\(json.stdout)")
    let why = try runCommand(Binaries.vigorctl, ["why", empty.date] + socket)
    #expect(why.status == 0, "\(why.stderr)")
    #expect(why.stdout.hasPrefix("No session on \(empty.date) ("), "\(why.stdout)")
    #expect(why.stdout.contains(empty.reason), "\(why.stdout)")
    let outside = try runCommand(Binaries.vigorctl, ["why", "2000-01-01"] + socket)
    #expect(outside.status == 1 && outside.stdout.contains("2000-01-01 is not in the week ahead"), "\(outside.stdout)")
}
