import Foundation
import TestPrograms
import Testing
import VigorRPC

@Suite(.removesScratchFolders, .serialized) struct WorkoutBookkeepingTests {
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
        #expect(logged.stdout.contains("Logged: it counts as training on your own."))
        #expect(!logged.stdout.contains("Trust"), "the trust score is the Ghost's, not news for the user: \(logged.stdout)")

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
        #expect(again.stdout == "Already counted: a device recorded this workout. It counts once; your log is kept beside it.\n", "\(again.stdout)")

        // The reply names the workout as the user knows it; an id appears only in the command it suggests.
        let undone = try runCommand(Binaries.vigorctl, ["log", "--undo"] + socket)
        #expect(undone.status == 0, "\(undone.stderr)")
        #expect(undone.stdout.wholeMatch(of: #/Taken back your log of the 40 min workout on \w{3} \d{1,2} \w{3} at \d\d:\d\d\. The workout a device recorded still counts; to take it back too: vigorctl log --undo --workout sample:\d+\.\n/#) != nil,
                "\(undone.stdout)")
    }

    @Test func anImportedRunIsConfirmedByTheCommandItsCorrectButtonGives() throws {
        let daemon = try DaemonHarness(label: "confirm")
        try daemon.start()
        let socket = ["--socket", daemon.socketPath]
        #expect(try runCommand(Binaries.vigorctl, ["log", "--confirm"] + socket).status == 64)

        let start = daemon.now.addingTimeInterval(-3 * 3600)
        let file = daemon.folder + "/run.jsonl"
        let line = #"{"type":"workout","start":"\#(stamp(start))","end":"\#(stamp(start.addingTimeInterval(2700)))","activity":"running","source":"garmin"}"#
        try (line + "\n").write(toFile: file, atomically: true, encoding: .utf8)
        #expect(try runCommand(Binaries.vigorctl, ["import", file] + socket).status == 0)
        let workouts = { () throws -> [JSONValue] in
            let json = try runCommand(Binaries.vigorctl, ["export"] + socket)
            let ghost = try #require(try JSONParser.parse(Data(json.stdout.utf8)).objectValue?["ghost"]?.objectValue)
            guard case .array(let list)? = ghost["workouts"] else { return [] }
            return list
        }
        let id = try #require(try workouts().first?.objectValue?["id"].flatMap { if case .string(let text) = $0 { text } else { nil } })

        let confirmed = try runCommand(Binaries.vigorctl, ["log", "--confirm", "--workout", id] + socket)
        #expect(confirmed.status == 0, "\(confirmed.stderr)")
        #expect(confirmed.stdout.wholeMatch(of: #/Thanks: the 45 min run on \w{3} \d{1,2} \w{3} at \d\d:\d\d stays counted\.\n/#) != nil, "\(confirmed.stdout)")
        #expect(try workouts().first?.objectValue?["confirmed"] == .bool(true))
        let unknown = try runCommand(Binaries.vigorctl, ["log", "--confirm", "--workout", "sample:999"] + socket)
        #expect(unknown.status != 0 && unknown.stderr.contains("No counted workout 'sample:999' is left to confirm."), "\(unknown.stderr)")
    }
}
