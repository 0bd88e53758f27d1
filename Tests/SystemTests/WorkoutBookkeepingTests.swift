import Foundation
import Testing
import VigorRPC

@Suite(.serialized) struct WorkoutBookkeepingTests {
    private func stamp(_ date: Date) -> String {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime]
        return formatter.string(from: date)
    }

    @Test func aLoggedRunTheWatchExportsLaterCountsOnceAndUndoKeepsTheMeasuredRun() throws {
        let daemon = try DaemonHarness(label: "bookkeeping")
        try daemon.start()
        let socket = ["--socket", daemon.socketPath]
        let start = daemon.now.addingTimeInterval(-3 * 3600)
        let logged = try runCommand(Binaries.vigorctl, ["log", "--at", stamp(start), "--minutes", "45"] + socket)
        #expect(logged.status == 0, "\(logged.stderr)")
        #expect(logged.stdout.contains("Logged as unplanned activity."))

        let file = daemon.folder + "/run.jsonl"
        let line = #"{"type":"workout","start":"\#(stamp(start.addingTimeInterval(240)))","end":"\#(stamp(start.addingTimeInterval(2640)))","activity":"running","source":"garmin"}"#
        try (line + "\n").write(toFile: file, atomically: true, encoding: .utf8)
        for _ in 1...2 {
            let imported = try runCommand(Binaries.vigorctl, ["import", file] + socket)
            #expect(imported.status == 0, "\(imported.stderr)")
        }
        let json = try runCommand(Binaries.vigorctl, ["export"] + socket)
        let ghost = try #require(try JSONParser.parse(Data(json.stdout.utf8)).objectValue?["ghost"]?.objectValue)
        #expect(ghost["unplannedWorkoutDays"].map { if case .array(let days) = $0 { days.count } else { -1 } } == 1)

        let again = try runCommand(Binaries.vigorctl, ["log", "--at", stamp(start.addingTimeInterval(120)), "--minutes", "40"] + socket)
        #expect(again.stdout.hasPrefix("Already counted: a device recorded this workout (sample:"))

        let undone = try runCommand(Binaries.vigorctl, ["log", "--undo"] + socket)
        #expect(undone.status == 0, "\(undone.stderr)")
        #expect(undone.stdout.contains("Taken back your log log:"))
        #expect(undone.stdout.contains("The workout a device recorded still counts (sample:"))
    }
}
