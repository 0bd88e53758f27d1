import Foundation
import TestPrograms
import Testing
import VigorRPC

/// `vigorctl status --bar` through the built binary: against a real vigord, and against a real socket that answers
/// with a chosen `status` (a proposal waiting, a recovery score, a streak), so every class is reached on any day.
@Suite(.removesScratchFolders, .serialized) struct StatusBarTests {
    private func bar(_ arguments: [String]) throws -> (status: Int32, object: [String: Any], stdout: String) {
        let result = try runCommand(Binaries.vigorctl, ["status"] + arguments)
        let object = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any]
        return (result.status, try #require(object, "not one JSON object: \(result.stdout) \(result.stderr)"), result.stdout)
    }

    /// A real daemon's status, with the fields a bar shows set by the test; times in +01:00, "now" Friday 16:00
    /// unless `hour` says another hour of that day; the cycles at 06:00 and 21:00.
    private func chosenStatus(hour: Double = 16, _ change: (inout DaemonStatus) -> Void) throws -> String {
        let daemon = try DaemonHarness(label: "bar-source")
        try daemon.start()
        var status = try daemon.connect().call(StatusMethod.self, NoParams())
        func at(_ text: String) throws -> RPCTimestamp { try #require(RPCTimestamp(rfc3339: text)) }
        status.startedAt = try at("2026-11-27T00:00:00+01:00")
        status.uptimeSeconds = Int(hour * 3600)
        status.nextCycles = NextCycles(
            morning: try at(hour < 6 ? "2026-11-27T06:00:00+01:00" : "2026-11-28T06:00:00+01:00"),
            evening: try at(hour < 21 ? "2026-11-27T21:00:00+01:00" : "2026-11-28T21:00:00+01:00"))
        status.health.lastMorning = MorningRead(ranAt: try at(hour < 6 ? "2026-11-26T06:00:00+01:00" : "2026-11-27T06:00:00+01:00"), newHealthData: true)
        status.plan.today = [BlockView(id: "b1", start: try at("2026-11-27T07:00:00+01:00"), end: try at("2026-11-27T07:45:00+01:00"),
                                       origin: "auto", status: "completed")]
        status.plan.tomorrow = [BlockView(id: "b2", start: try at("2026-11-28T09:30:00+01:00"), end: try at("2026-11-28T10:15:00+01:00"),
                                          origin: "proposal", status: "proposed")]
        status.plan.proposals = status.plan.tomorrow
        status.health.recovery = RecoveryAge(date: "2026-11-27", score: 71.6, computedAt: try at("2026-11-27T06:00:00+01:00"),
                                             dataAgeSeconds: 3600, freshness: "fresh", carriedOver: false)
        status.streak = 3
        change(&status)
        return String(decoding: try RPCCoding.makeEncoder().encode(status), as: UTF8.self)
    }

    @Test func aFreshDaemonShowsNoBlockAndRecoveryTimeIsQuiet() throws {
        // Wednesday 14:00: the workday, whatever hour the suite runs at.
        let daemon = try DaemonHarness(label: "bar", now: try #require(RPCTimestamp(rfc3339: "2026-11-25T14:00:00+01:00")).date)
        try daemon.start()
        let idle = try bar(["--bar", "--socket", daemon.socketPath])
        #expect(idle.status == 0)
        #expect(idle.object["text"] as? String == "no block" && idle.object["class"] as? String == "ok", "\(idle.stdout)")
        #expect((idle.object["tooltip"] as? String)?.contains("Trust: Observer") == true, "\(idle.stdout)")
        #expect(idle.object["percentage"] == nil && idle.stdout.split(separator: "\n").count == 1)

        let pressed = try runCommand(Binaries.vigorctl, ["crashing", "--no-guide", "--minutes", "20", "--json", "--socket", daemon.socketPath])
        let until = try #require(try RPCCoding.makeDecoder().decode(RecoveryTimeStatus.self, from: Data(pressed.stdout.utf8)).endsAt)
        let quiet = try bar(["--bar", "--socket", daemon.socketPath])
        #expect(quiet.object["class"] as? String == "quiet", "\(quiet.stdout)")
        // "quiet until 18:20", or "quiet until Sat 00:10" when it ends tomorrow.
        let text = try #require(quiet.object["text"] as? String)
        #expect(text.hasPrefix("quiet until ") && text.hasSuffix(PlanClock.hhmm(until)), "\(quiet.stdout)")
        let plain = try runCommand(Binaries.vigorctl, ["status", "--bar=plain", "--socket", daemon.socketPath])
        #expect(plain.stdout == text + "\n")
    }

    @Test func aWaitingProposalAsksForAnAnswerFirstAndTheWorkdaySaysWhenTheNextBlockIs() throws {
        let folder = try makeScratchFolder("bar-answer")
        let server = try ScriptedSocket(path: folder + "/vigord.sock", behaviour: .answer(result: try chosenStatus { _ in }))
        let shown = try bar(["--bar", "--socket", server.path])
        #expect(shown.object["text"] as? String == "1 to answer · done today · next Sat 09:30", "\(shown.stdout)")
        #expect(shown.object["class"] as? String == "needs-answer")
        #expect(shown.object["percentage"] as? Int == 72)
        let tooltip = try #require(shown.object["tooltip"] as? String)
        #expect(tooltip.contains("Proposed block Sat 09:30: vigorctl accept b2 (or decline)"), "\(tooltip)")
        #expect(tooltip.contains("Recovery: 72/100 for 2026-11-27") && tooltip.contains("Streak: 3 strong weeks in a row"), "\(tooltip)")
        let plain = try runCommand(Binaries.vigorctl, ["status", "--bar=plain", "--socket", server.path])
        #expect(plain.stdout == "1 to answer · done today · next Sat 09:30\n")
        withExtendedLifetime(server) {}
    }

    @Test func aBlockLaterTodayIsACountdownAndAFailedCalendarWarnsAndMarksItStale() throws {
        let folder = try makeScratchFolder("bar-today")
        let result = try chosenStatus { status in
            let start = RPCTimestamp(rfc3339: "2026-11-27T18:00:00+01:00")!, end = RPCTimestamp(rfc3339: "2026-11-27T18:45:00+01:00")!
            status.plan.today.append(BlockView(id: "b3", start: start, end: end, origin: "auto", status: "scheduled", kind: .run))
            status.plan.proposals = []
            status.sources = [SourceFreshnessView(name: "work", ok: false, freshness: "expired", ageSeconds: nil)]
        }
        let server = try ScriptedSocket(path: folder + "/vigord.sock", behaviour: .answer(result: result))
        let shown = try bar(["--bar=waybar", "--socket", server.path])
        #expect(shown.object["text"] as? String == "Run in 2h (calendar stale)", "\(shown.stdout)")
        #expect(shown.object["class"] as? String == "warning")
        #expect((shown.object["tooltip"] as? String)?.contains("Calendar work failed: vigorctl sources") == true)
        withExtendedLifetime(server) {}
    }

    @Test func aCalendarReadLongAgoSaysHowLongAgoBesideItsStaleness() throws {
        let folder = try makeScratchFolder("status-source-age")
        let result = try chosenStatus { status in
            status.sources = [
                SourceFreshnessView(name: "work", ok: true, freshness: "expired", ageSeconds: 93_600),
                SourceFreshnessView(name: "family", ok: true, freshness: "fresh", ageSeconds: 60),
            ]
        }
        let server = try ScriptedSocket(path: folder + "/vigord.sock", behaviour: .answer(result: result))
        let shown = try runCommand(Binaries.vigorctl, ["status", "--socket", server.path])
        let rows = shown.stdout.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
        #expect(rows.contains("calendar    work: read 1d 2h ago, expired"), "\(shown.stdout)")
        #expect(rows.contains("calendar    family: fresh"), "\(shown.stdout)")
        withExtendedLifetime(server) {}
    }

    /// The one day seen at four hours: 06:40 after the morning cycle cut the run, 15:50 before it, 16:55 just after
    /// it, 19:00 in the evening.
    private func dayAt(_ hour: Double, done: Bool = false) throws -> [String: Any] {
        let folder = try makeScratchFolder("bar-day")
        let result = try chosenStatus(hour: hour) { status in
            let start = RPCTimestamp(rfc3339: "2026-11-27T16:00:00+01:00")!, end = RPCTimestamp(rfc3339: "2026-11-27T16:20:00+01:00")!
            status.plan.today = [BlockView(
                id: "b3", start: start, end: end, origin: "auto", status: done ? "completed" : "scheduled",
                transformation: TransformationView(rule: "shortSleep", originalMinutes: 45, removed: false, answer: nil), kind: .run)]
            status.plan.proposals = []
            status.plan.tomorrow = [BlockView(
                id: "b4", start: RPCTimestamp(rfc3339: "2026-11-28T07:00:00+01:00")!, end: RPCTimestamp(rfc3339: "2026-11-28T07:30:00+01:00")!,
                origin: "auto", status: "scheduled", kind: .strength)]
        }
        let server = try ScriptedSocket(path: folder + "/vigord.sock", behaviour: .answer(result: result))
        defer { withExtendedLifetime(server) {} }
        return try bar(["--bar", "--socket", server.path]).object
    }

    @Test func theMorningShowsRecoveryAndWhatTheMorningChangedAboutTodaysBlock() throws {
        #expect(try dayAt(6 + 40.0 / 60)["text"] as? String == "recovery 72 · Run 45→20 min at 16:00")
    }

    @Test func theWorkdayCountsDownToTheNextBlock() throws {
        #expect(try dayAt(13.5)["text"] as? String == "Run in 2h 30m")
        #expect(try dayAt(15 + 50.0 / 60)["text"] as? String == "Run in 10m")
    }

    @Test func anHourAfterAWorkoutTheBarShowsTheStreak() throws {
        #expect(try dayAt(16 + 55.0 / 60, done: true)["text"] as? String == "Run done · streak 3")
        #expect(try dayAt(17 + 25.0 / 60, done: true)["text"] as? String == "done today · next Sat 07:00")
    }

    /// What the bar shows at `hour` of the chosen day with `change` applied to its status.
    private func textAt(_ hour: Double, _ change: (inout DaemonStatus) -> Void) throws -> [String: Any] {
        let folder = try makeScratchFolder("bar-text")
        let server = try ScriptedSocket(path: folder + "/vigord.sock", behaviour: .answer(result: try chosenStatus(hour: hour, change)))
        defer { withExtendedLifetime(server) {} }
        return try bar(["--bar", "--socket", server.path]).object
    }

    @Test func withNothingLeftTodayTheBarSaysTheDayIsDoneOrNamesTheNextHeldSession() throws {
        let held = PlanDayView(date: "2026-11-30", status: "held", start: RPCTimestamp(rfc3339: "2026-11-30T07:00:00+01:00")!, reason: "", why: nil)
        let free = try textAt(13) { status in
            status.plan.today = []
            status.plan.tomorrow = []
            status.plan.proposals = []
            status.plan.week = [held]
        }
        #expect(free["text"] as? String == "no block today · next Mon 07:00 (held)", "\(free)")
        let done = try textAt(13) { status in
            status.plan.tomorrow = []
            status.plan.proposals = []
        }
        #expect(done["text"] as? String == "done today", "\(done)")
    }

    @Test func aMorningCycleRunLateOnSetupDayGivesWayToTheEveningsHours() throws {
        // Set up at 19:30: the morning cycle ran then; at 21:03 the evening view shows, not the morning's.
        let shown = try textAt(21 + 3.0 / 60) { status in
            status.health.lastMorning = MorningRead(ranAt: RPCTimestamp(rfc3339: "2026-11-27T19:30:00+01:00")!, newHealthData: true)
            status.plan.today = []
        }
        let text = try #require(shown["text"] as? String)
        #expect(text.hasSuffix(" · tomorrow block 09:30") && !text.contains("recovery"), "\(shown)")
    }

    @Test func aProposedMoveIsShownAsAProposalBesideTheBlockAsItStands() throws {
        let shown = try textAt(16) { status in
            let block = BlockView(
                id: "b3", start: RPCTimestamp(rfc3339: "2026-11-27T18:00:00+01:00")!, end: RPCTimestamp(rfc3339: "2026-11-27T18:45:00+01:00")!,
                origin: "auto", status: "scheduled", proposedMove: RPCTimestamp(rfc3339: "2026-11-27T19:15:00+01:00")!, kind: .run)
            status.plan.today.append(block)
            status.plan.proposals = [block]
        }
        #expect(shown["text"] as? String == "1 to answer · Run in 2h", "\(shown)")
        let tooltip = try #require(shown["tooltip"] as? String)
        #expect(tooltip.contains("Next block: 18:00–18:45 (scheduled; a move to 19:15 proposed)"), "\(tooltip)")
        #expect(tooltip.contains("Move proposed: run 18:00 → 19:15: vigorctl accept b3 (or decline)"), "\(tooltip)")

        // `vigorctl status` lists it among the proposals with the move it proposes.
        let folder = try makeScratchFolder("status-move")
        let result = try chosenStatus(hour: 16) { status in
            let block = BlockView(
                id: "b3", start: RPCTimestamp(rfc3339: "2026-11-27T18:00:00+01:00")!, end: RPCTimestamp(rfc3339: "2026-11-27T18:45:00+01:00")!,
                origin: "auto", status: "scheduled", proposedMove: RPCTimestamp(rfc3339: "2026-11-27T19:15:00+01:00")!, kind: .run)
            status.plan.proposals = [block]
        }
        let server = try ScriptedSocket(path: folder + "/vigord.sock", behaviour: .answer(result: result))
        let text = try runCommand(Binaries.vigorctl, ["status", "--socket", server.path]).stdout
        #expect(text.contains("proposals   b3 18:00-18:45 scheduled run (a move to Fri 27 Nov 19:15 proposed)"), "\(text)")
        withExtendedLifetime(server) {}
    }

    @Test func theEveningShowsTheGhostsStatusAndTomorrow() throws {
        let evening = try dayAt(19)
        #expect((evening["text"] as? String)?.hasSuffix(" · tomorrow strength training 07:00") == true, "\(evening)")
        #expect(try dayAt(22)["text"] as? String == (evening["text"] as? String))
    }

    @Test func theMorningNeverCallsABlockTheUserDeletedUnchanged() throws {
        let folder = try makeScratchFolder("bar-deleted")
        let result = try chosenStatus(hour: 6 + 10.0 / 60) { status in
            status.plan.today = [BlockView(
                id: "b4", start: RPCTimestamp(rfc3339: "2026-11-27T09:00:00+01:00")!, end: RPCTimestamp(rfc3339: "2026-11-27T09:45:00+01:00")!,
                origin: "auto", status: "removed", kind: .run)]
            status.plan.proposals = []
        }
        let server = try ScriptedSocket(path: folder + "/vigord.sock", behaviour: .answer(result: result))
        #expect(try bar(["--bar", "--socket", server.path]).object["text"] as? String == "recovery 72 · no block today")
        withExtendedLifetime(server) {}
    }

    @Test func aScoreFromOldDataIsMarkedStaleInTheText() throws {
        let folder = try makeScratchFolder("bar-stale")
        let result = try chosenStatus(hour: 6.5) { status in
            status.health.recovery?.carriedOver = true
            status.plan.today = []
            status.plan.proposals = []
        }
        let server = try ScriptedSocket(path: folder + "/vigord.sock", behaviour: .answer(result: result))
        #expect(try bar(["--bar", "--socket", server.path]).object["text"] as? String == "recovery 72 (stale) · no block today")
        withExtendedLifetime(server) {}
    }

    @Test func withoutADaemonTheBarSaysSoAndExitsZero() throws {
        let folder = try makeScratchFolder("bar-down")
        let shown = try bar(["--bar", "--socket", folder + "/none.sock"])
        #expect(shown.status == 0)
        #expect(shown.object["text"] as? String == "vigord off" && shown.object["class"] as? String == "down")
        #expect((shown.object["tooltip"] as? String)?.contains("systemctl --user start vigord.socket") == true)
    }
}

/// `HH:MM` of a time as the reply carries it.
private enum PlanClock {
    static func hhmm(_ time: RPCTimestamp) -> String { String(time.description.dropFirst(11).prefix(5)) }
}
