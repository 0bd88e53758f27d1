import Foundation
import TestPrograms
import Testing
import VigorRPC

/// `vigorctl inbox` through the built binary, against a real socket that answers with a chosen inbox.
@Suite(.removesScratchFolders) struct InboxCommandTests {
    @Test func aDeliveredMessageIsListedByWhenItWentOutAndAHeldOneByWhenItCameUp() throws {
        let folder = try makeScratchFolder("inbox-times")
        func at(_ text: String) throws -> RPCTimestamp { try #require(RPCTimestamp(rfc3339: text)) }
        let inbox = InboxListMethod.Result(entries: [
            InboxEntryView(
                key: "weekly:2026-11-30", kind: "weeklyReceipt", title: "Your week", body: "On track", actions: [], state: "delivered",
                reason: "delivered through the command", firstSeen: try at("2026-12-06T21:04:00+01:00"),
                decidedAt: try at("2026-12-07T07:02:00+01:00")),
            InboxEntryView(
                key: "workout:w1", kind: "workoutLogged", title: "42 min run logged.", body: "From Mi Band 3.", actions: [],
                state: "heldBack", reason: "held back: today's notification went to the weekly receipt",
                firstSeen: try at("2026-12-07T07:38:00+01:00"), decidedAt: try at("2026-12-07T07:40:00+01:00")),
        ])
        let result = String(decoding: try RPCCoding.makeEncoder().encode(inbox), as: UTF8.self)
        let server = try ScriptedSocket(path: folder + "/vigord.sock", behaviour: .answer(result: result))
        defer { withExtendedLifetime(server) {} }
        let shown = try runCommand(Binaries.vigorctl, ["inbox", "--socket", server.path])
        #expect(shown.status == 0, "\(shown.stderr)")
        let titles = shown.stdout.split(separator: "\n").filter { !$0.hasPrefix(" ") }
        #expect(titles == ["Mon 7 Dec 07:02  Your week", "Mon 7 Dec 07:38  42 min run logged."], "\(shown.stdout)")
    }
}
