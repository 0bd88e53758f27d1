import Foundation
import TestPrograms
import Testing
import VigorRPC

/// `vigorctl triage` over a real socket lists a missed block with the seed's one-tap answers and their subtitles
/// ("Bad time — Schedule differently", "Just today — Time was fine"), each with the command that gives it.
@Test(.removesScratchFolders) func vigorctlTriageListsTheSeedsAnswersWithTheirSubtitles() throws {
    let (daemon, _) = try PinnedDaemon.make("triage-list")
    try daemon.start()
    defer { withExtendedLifetime(daemon) {} }
    let socket = ["--socket", daemon.socketPath]
    #expect(try runCommand(Binaries.vigorctl, ["trust", "set", "scheduler"] + socket).status == 0)
    #expect(try runCommand(Binaries.vigorctl, ["cycle", "evening"] + socket).status == 0)
    #expect(try runCommand(Binaries.vigorctl, ["accept", "b1"] + socket).status == 0)
    // Two days later (Friday 10:00 UTC) Thursday's block has passed with no workout.
    _ = try daemon.connect().call(DebugClockMethod.self, .init(advanceHours: 48))
    #expect(try runCommand(Binaries.vigorctl, ["cycle", "morning"] + socket).status == 0)

    let listed = try runCommand(Binaries.vigorctl, ["triage"] + socket)
    #expect(listed.status == 0, "\(listed.stderr)")
    let lines = listed.stdout.split(separator: "\n").map(String.init)
    #expect(lines.first?.hasPrefix("Missed the ") == true && lines.first?.hasSuffix(" on Thu 4 Mar at 18:00. Why?") == true, "\(listed.stdout)")
    #expect(lines.contains { $0.contains("Bad time — Schedule differently") && $0.hasSuffix("vigorctl triage answer b1 --reason bad-time") },
            "\(listed.stdout)")
    #expect(lines.contains { $0.contains("Just today — Time was fine") && $0.hasSuffix("vigorctl triage answer b1 --reason life-happened") },
            "\(listed.stdout)")
}

/// The replies to a proposal and to a missed block name the block as the user knows it (its kind, weekday, date and
/// time in the user's zone), never by its id, which stays only in the commands that take it.
@Test(.removesScratchFolders) func aReplyNamesTheBlockByItsKindAndTimeNeverByItsID() throws {
    let (daemon, socket, proposal, noun) = try schedulerWithProposal("reply-names")
    defer { withExtendedLifetime(daemon) {} }

    let accepted = try runCommand(Binaries.vigorctl, ["accept", proposal.id] + socket)
    #expect(accepted.stdout == "Accepted: \(noun) is in your calendar on Thu 4 Mar at 18:00–18:45.\n", "\(accepted.stdout)")
    _ = try daemon.connect().call(DebugClockMethod.self, .init(advanceHours: 48))
    #expect(try runCommand(Binaries.vigorctl, ["cycle", "morning"] + socket).status == 0)
    let answered = try runCommand(Binaries.vigorctl, ["triage", "answer", proposal.id, "--reason", "life-happened"] + socket)
    #expect(answered.status == 0, "\(answered.stderr)")
    #expect(answered.stdout == "Thanks. Noted for \(noun) on Thu 4 Mar at 18:00.\n", "\(answered.stdout)")
}

/// A proposal the user said yes to is listed as accepted, in the state it is in, never as "(proposal)".
@Test(.removesScratchFolders) func anAcceptedProposalIsListedAsAcceptedNotAsAProposal() throws {
    let (daemon, socket, _, _) = try schedulerWithProposal("blocks-accepted")
    defer { withExtendedLifetime(daemon) {} }
    // The lines after the heading ("Blocks for today and the next 6 days, …:").
    let proposed = try runCommand(Binaries.vigorctl, ["blocks"] + socket).stdout.split(separator: "\n").dropFirst()
    #expect(proposed.count == 1 && proposed.allSatisfy { $0.hasPrefix("b1  Thu 4 Mar 18:00–18:45 ") && $0.hasSuffix("  proposed") },
            "\(proposed)")
    #expect(try runCommand(Binaries.vigorctl, ["accept", "b1"] + socket).status == 0)
    let accepted = try runCommand(Binaries.vigorctl, ["blocks"] + socket).stdout.split(separator: "\n").dropFirst()
    #expect(accepted.count == 1 && accepted.allSatisfy { $0.hasSuffix("  scheduled (accepted)") && !$0.contains("proposal") },
            "\(accepted)")
}

/// Declining a proposal names what was declined as the user knows it.
@Test(.removesScratchFolders) func aDeclineNamesTheProposalByItsKindAndTime() throws {
    let (daemon, socket, proposal, noun) = try schedulerWithProposal("decline-names")
    defer { withExtendedLifetime(daemon) {} }
    let declined = try runCommand(Binaries.vigorctl, ["decline", proposal.id] + socket)
    #expect(declined.stdout == "Declined \(noun) on Thu 4 Mar at 18:00.\n", "\(declined.stdout)")
}

/// Declining a block the user accepted, before it begins, takes the yes back and says so in the user's words.
@Test(.removesScratchFolders) func declineOfAnAcceptedBlockTakesTheYesBackAndSaysItIsOffTheCalendar() throws {
    let (daemon, socket, proposal, noun) = try schedulerWithProposal("decline-accepted")
    defer { withExtendedLifetime(daemon) {} }
    #expect(try runCommand(Binaries.vigorctl, ["accept", proposal.id] + socket).status == 0)
    let declined = try runCommand(Binaries.vigorctl, ["decline", proposal.id] + socket)
    #expect(declined.status == 0, "\(declined.stderr)")
    #expect(declined.stdout == "Took back your yes: \(noun) on Thu 4 Mar at 18:00 is off your calendar.\n", "\(declined.stdout)")
    let blocks = try runCommand(Binaries.vigorctl, ["blocks"] + socket).stdout
    #expect(!blocks.contains("scheduled"), "\(blocks)")
}

/// A pinned vigord at Scheduler whose evening proposed one block (Thu 4 Mar 18:00): the daemon (keep it alive), the
/// socket arguments, the proposal and how a reply names it ("the run").
private func schedulerWithProposal(_ label: String) throws -> (DaemonHarness, [String], BlockView, String) {
    let (daemon, _) = try PinnedDaemon.make(label)
    try daemon.start()
    let socket = ["--socket", daemon.socketPath]
    #expect(try runCommand(Binaries.vigorctl, ["trust", "set", "scheduler"] + socket).status == 0)
    #expect(try runCommand(Binaries.vigorctl, ["cycle", "evening"] + socket).status == 0)
    let proposal = try #require(try daemon.connect().call(StatusMethod.self, NoParams()).plan.proposals.first)
    return (daemon, socket, proposal, "the " + (try #require(proposal.kind)).title.lowercased())
}
