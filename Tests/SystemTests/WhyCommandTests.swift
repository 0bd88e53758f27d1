import Foundation
import TestPrograms
import Testing
import VigorRPC

/// `vigorctl why` against a running vigord: the headline and factor rows first; the raw inputs and their hash only
/// with --inputs or --json. The evening is a Tuesday's, whose Wednesday gets a block on every week.
@Test(.removesScratchFolders) func vigorctlWhyLeadsWithASentenceAndShowsInputsOnlyWhenAsked() throws {
    let daemon = try DaemonHarness(
        label: "why", config: "[schedule]\ntimezone = \"Europe/Berlin\"\n", now: try TestNow.next(weekday: 3, hour: 19))
    try daemon.start()
    defer { withExtendedLifetime(daemon) {} }
    let socket = ["--socket", daemon.socketPath]
    #expect(try runCommand(Binaries.vigorctl, ["trust", "set", "scheduler"] + socket).status == 0)
    #expect(try runCommand(Binaries.vigorctl, ["cycle", "evening"] + socket).status == 0)
    let json = try runCommand(Binaries.vigorctl, ["why", "--json"] + socket)
    #expect(json.status == 0, "\(json.stderr)")
    let receipts = try RPCCoding.decode(ReceiptsListMethod.Result.self, from: try JSONParser.parse(Data(json.stdout.utf8))).receipts
    let proposal = try #require(receipts.first { $0.action == "proposed" }, "\(receipts.map(\.action))")
    // A new user has no history: the headline names what decided, never "your historical energy patterns".
    #expect(proposal.headline.hasPrefix("Suggested ") && proposal.headline.contains("because your calendars are free then"))
    #expect(!proposal.headline.contains("historical"), "\(proposal.headline)")
    #expect(proposal.factors.contains { $0.name == "Skip risk" && ["helped", "hurt", "neutral"].contains($0.impact) })
    #expect(json.stdout.contains(proposal.inputHash) && json.stdout.contains("\"inputs\""))

    let plain = try runCommand(Binaries.vigorctl, ["why"] + socket)
    #expect(plain.status == 0, "\(plain.stderr)")
    #expect(plain.stdout.contains(proposal.headline) && plain.stdout.contains("Skip risk"), "\(plain.stdout)")
    #expect(plain.stdout.contains("You moved me to Scheduler."))
    // vigord's clock is the tests', not the machine's: "ago" is counted on the daemon's clock.
    #expect(plain.stdout.contains("Decided just now ("), "\(plain.stdout)")
    // A decision is named by when it was made, never by its receipt's id.
    #expect(!plain.stdout.contains("receipt r"), "\(plain.stdout)")
    #expect(!plain.stdout.contains(proposal.inputHash) && !plain.stdout.contains("inputs:"), "\(plain.stdout)")

    let detailed = try runCommand(Binaries.vigorctl, ["why", "--inputs"] + socket)
    #expect(detailed.stdout.contains(proposal.inputHash) && detailed.stdout.contains("inputs: "), "\(detailed.stdout)")
}
