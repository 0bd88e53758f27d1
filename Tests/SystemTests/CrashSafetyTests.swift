import Foundation
import GRDB
import Testing
import TestPrograms
import VigorRPC

#if canImport(Glibc)
import Glibc
#endif

/// Kills vigord with SIGKILL at points chosen by a seeded generator, while pipelined requests are in
/// flight, and checks after every restart: the database passes `PRAGMA integrity_check`, every
/// calendar file is whole and its UID unique, nothing acknowledged is lost, no temporary file is left
/// behind, and the daemon never mistakes its own half-finished write for a user's edit.
/// `VIGOR_CRASH_ITERATIONS` sets the number of kills (default 100; `Scripts/crash-soak` runs more). vigord's clock
/// starts on a Tuesday evening, so the evening cycle always writes Wednesday's block before the first kill.
@Suite(.removesScratchFolders, .serialized) struct CrashSafetyTests {
    private struct Generator {
        var state: UInt64
        mutating func next(below bound: Int) -> Int {
            state &+= 0x9E37_79B9_7F4A_7C15
            var mixed = state
            mixed = (mixed ^ (mixed >> 30)) &* 0xBF58_476D_1CE4_E5B9
            mixed = (mixed ^ (mixed >> 27)) &* 0x94D0_49BB_1331_11EB
            return Int((mixed ^ (mixed >> 31)) % UInt64(bound))
        }
    }

    /// What the daemon acknowledged before it was killed.
    private struct Acknowledged {
        var recoveryFiles: Set<String> = []
        var workouts: Set<String> = []
    }

    @Test func killingTheDaemonAtRandomPointsLosesNothingAndLeavesNoHalfWrittenBlock() throws {
        let iterations = Int(ProcessInfo.processInfo.environment["VIGOR_CRASH_ITERATIONS"] ?? "") ?? 100
        let seed = UInt64(ProcessInfo.processInfo.environment["VIGOR_CRASH_SEED"] ?? "") ?? 20_261_122
        var random = Generator(state: seed)
        let output = try makeScratchFolder("crash-output")
        // A threshold low enough that the Auto-Scheduler writes its block at once instead of proposing it.
        let config = "[schedule]\ntimezone = \"Europe/Berlin\"\n[calendar.output]\npath = \"\(output)\"\n"
            + "[engine.trust]\nautonomous_action_base_threshold = 0.05\n"
        let daemon = try DaemonHarness(label: "crash", config: config, now: try TestNow.next(weekday: 3, hour: 19))
        let database = daemon.folder + "/state/vigor.sqlite"
        let collection = output + "/vigor"
        var acknowledged = Acknowledged()
        try daemon.start()
        var current = try #require(daemon.process)
        _ = try daemon.connect().call(TrustSetMethod.self, .init(phase: "autoScheduler"))
        _ = try daemon.connect().call(CycleRunMethod.self, .init(kind: .evening))
        let written = try daemon.connect().call(BlocksListMethod.self, .init()).blocks.filter { $0.status == "scheduled" }
        try #require(!written.isEmpty, "the evening cycle wrote no block, so no kill could interrupt a block's write")
        for block in written { try #require(try blockFile(in: collection, block: block.id) != nil, "\(block.id) has no file") }

        for iteration in 0..<iterations {
            let context = "iteration \(iteration), seed \(seed)"
            let now = daemon.now
            let requests = (0..<(1 + random.next(below: 6))).map { index in
                Self.request(
                    number: random.next(below: 4), id: index + 1, iteration: iteration, minutes: 1 + random.next(below: 30), now: now)
            }
            let socket = try RawSocket(path: daemon.socketPath)
            try socket.send(requests.map(\.frame).joined())
            for request in requests.prefix(random.next(below: requests.count + 1)) {
                guard let line = try socket.readLine() else { break }
                try acknowledge(line, of: request, into: &acknowledged)
            }
            current.signal(SIGKILL)
            #expect(try current.waitUntilExit(within: TestDeadline.seconds) == .signalled(SIGKILL), "\(context)")

            try #require(try Self.integrityCheck(database) == "ok", "\(context)")
            current = try daemon.relaunch()
            try #require(daemon.notify.waitFor("READY=1"), "\(context): \(daemon.log.suffix(2_000))")
            try #require(daemon.notify.waitFor(prefix: "STATUS=Serving; calendar up to date"), "\(context): \(daemon.log.suffix(2_000))")
            try checkCalendar(collection, acknowledged: acknowledged, context: context)
            try checkStoredWorkouts(daemon, acknowledged: acknowledged, context: context)
        }
        #expect(!daemon.log.contains("calendar edit learned"), "vigord mistook its own write for a user's edit")
        current.stop()
    }

    private struct Request {
        let method: String
        let frame: String
        let workout: String?
    }

    /// One of four mutating requests: recovery time (a new file and removed blocks), a logged workout,
    /// a trust change, travel days.
    private static func request(number: Int, id: Int, iteration: Int, minutes: Int, now: Date) -> Request {
        switch number {
        case 0:
            return Request(
                method: "emergency.activate",
                frame: #"{"jsonrpc":"2.0","method":"emergency.activate","params":{"minutes":\#(minutes)},"id":\#(id)}"# + "\n",
                workout: nil)
        case 1:
            let start = Int(now.timeIntervalSince1970) - 86_400 * 3 - iteration * 3_600 - id * 60
            let at = RPCTimestamp(Date(timeIntervalSince1970: TimeInterval(start)), in: TimeZone(identifier: "UTC") ?? .gmt).description
            return Request(
                method: "workout.log",
                frame: #"{"jsonrpc":"2.0","method":"workout.log","params":{"at":"\#(at)","minutes":\#(10 + minutes)},"id":\#(id)}"# + "\n",
                workout: "log:\(start)")
        case 2:
            let phase = ["autoScheduler", "transformer", "fullGhost"][minutes % 3]
            return Request(
                method: "trust.set", frame: #"{"jsonrpc":"2.0","method":"trust.set","params":{"phase":"\#(phase)"},"id":\#(id)}"# + "\n",
                workout: nil)
        default:
            return Request(
                method: "travel.set", frame: #"{"jsonrpc":"2.0","method":"travel.set","params":{"clear":true},"id":\#(id)}"# + "\n",
                workout: nil)
        }
    }

    /// Records what a reply acknowledged. An error reply acknowledges nothing; a reply that is not JSON-RPC fails the test.
    private func acknowledge(_ line: String, of request: Request, into acknowledged: inout Acknowledged) throws {
        guard case .object(let object) = try JSONParser.parse(Data(line.utf8)) else {
            Issue.record("a reply that is not an object: \(line)")
            return
        }
        guard case .object(let result)? = object["result"] else {
            #expect(object["error"] != nil, "a reply with neither result nor error: \(line)")
            return
        }
        if request.method == "emergency.activate", case .string(let file)? = result["blockFile"] {
            acknowledged.recoveryFiles.insert((file as NSString).lastPathComponent)
        }
        if let workout = request.workout, case .bool(true)? = result["counted"] { acknowledged.workouts.insert(workout) }
    }

    private static func integrityCheck(_ path: String) throws -> String {
        let queue = try DatabaseQueue(path: path)
        return try queue.read { try String.fetchOne($0, sql: "PRAGMA integrity_check") } ?? "no answer"
    }

    /// Every calendar file is whole, UIDs are unique, nothing is left half-written, and each
    /// acknowledged recovery time has its file.
    private func checkCalendar(_ collection: String, acknowledged: Acknowledged, context: String) throws {
        let names = try FileManager.default.contentsOfDirectory(atPath: collection)
        #expect(names.filter { $0.hasSuffix(".tmp") }.isEmpty, "\(context): temporary files left: \(names)")
        var uids: [String] = []
        for name in names where name.hasSuffix(".ics") {
            let text = try String(contentsOfFile: collection + "/" + name, encoding: .utf8)
            #expect(text.hasPrefix("BEGIN:VCALENDAR\r\n") && text.hasSuffix("END:VCALENDAR\r\n"), "\(context): \(name) is not whole")
            uids += text.components(separatedBy: "\r\n").filter { $0.hasPrefix("UID:") }
        }
        #expect(Set(uids).count == uids.count, "\(context): duplicate UIDs \(uids)")
        #expect(acknowledged.recoveryFiles.isSubset(of: Set(names)), "\(context): lost recovery files")
    }

    private func checkStoredWorkouts(_ daemon: DaemonHarness, acknowledged: Acknowledged, context: String) throws {
        guard !acknowledged.workouts.isEmpty else { return }
        let export = try daemon.connect().call(DataExportMethod.self, .init())
        guard case .object(let document) = export, case .object(let ghost)? = document["ghost"],
              case .array(let workouts)? = ghost["workouts"] else {
            Issue.record("\(context): the export has no ghost workouts")
            return
        }
        let stored = Set(workouts.compactMap { entry -> String? in
            guard case .object(let object) = entry, case .string(let id)? = object["id"] else { return nil }
            return id
        })
        #expect(acknowledged.workouts.isSubset(of: stored), "\(context): lost workouts \(acknowledged.workouts.subtracting(stored))")
    }
}
