import ArgumentParser
import CivilCalendar
import VigorRPC

struct TriageCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "triage", abstract: "List missed blocks waiting for your reason, or answer one.",
        subcommands: [TriageListCommand.self, TriageAnswerCommand.self], defaultSubcommand: TriageListCommand.self)
}

struct TriageListCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "list", abstract: "List missed blocks waiting for a reason.")

    @OptionGroup var connection: ConnectionOptions

    func run() throws {
        let client = connection.client
        let result = try CallFailure.perform { () throws(RPCClientError) in try client.call(TriageListMethod.self) }
        if connection.json {
            try JSONOutput.print(result)
        } else if result.pending.isEmpty {
            print("Nothing to answer.")
        } else {
            for block in result.pending {
                print("Missed \(BlockName.phrase(block)). Why?")
                for reason in MissReasonArgument.allCases {
                    print("  \(TextFormat.padded(reason.button, to: 38)) vigorctl triage answer \(block.id) --reason \(reason.rawValue)")
                }
            }
        }
    }
}

/// The reasons as typed on the command line.
enum MissReasonArgument: String, ExpressibleByArgument, CaseIterable {
    case badTime = "bad-time"
    case lifeHappened = "life-happened"
    case unwell
    case skip

    /// The answer as the triage card shows it: the seed's one-tap answers with their subtitles.
    var button: String {
        switch self {
        case .badTime: "Bad time — Schedule differently"
        case .lifeHappened: "Just today — Time was fine"
        case .unwell: "Felt unwell"
        case .skip: "Skip"
        }
    }

    var wireName: String {
        switch self {
        case .badTime: "badTimeSlot"
        case .lifeHappened: "lifeHappened"
        case .unwell: "feltUnwell"
        case .skip: "unknown"
        }
    }

    /// Kebab-case as listed, and the camelCase spellings (`badTime`, the API's `badTimeSlot`) in any letter case.
    init?(argument: String) {
        guard let reason = Self.allCases.first(where: {
            $0.rawValue == argument.lowercased() || KebabName.match(argument, in: ["\($0)", $0.wireName]) != nil
        }) else { return nil }
        self = reason
    }
}

struct TriageAnswerCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "answer", abstract: "Say why a block was missed.")

    @Argument(help: "The missed block's id.") var block: String
    @Option(name: .long, help: "bad-time (the slot is wrong), life-happened, unwell, or skip.") var reason: MissReasonArgument

    @OptionGroup var connection: ConnectionOptions

    func run() throws {
        let client = connection.client
        // The missed block as the user knows it, read while it still waits for its reason.
        let missed = connection.json ? nil : BlockLookup.pending(block, client: client)
        let ghost = try CallFailure.perform { () throws(RPCClientError) in
            try client.call(TriageAnswerMethod.self, .init(block: block, reason: reason.wireName))
        }
        if connection.json { try JSONOutput.print(ghost) } else { print("Thanks. Noted for \(missed.map(BlockName.phrase) ?? "that block").") }
    }
}

struct AcceptCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "accept", abstract: "Accept a proposed block: it goes into your calendar.")
    @Argument(help: "The proposal's block id.") var block: String
    @OptionGroup var connection: ConnectionOptions

    func run() throws {
        try ProposalAnswer.send(block: block, accept: true, connection: connection)
    }
}

struct DeclineCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "decline", abstract: "Decline a proposed block, or take back your yes to an accepted one before it begins.")
    @Argument(help: "The proposal's block id.") var block: String
    @OptionGroup var connection: ConnectionOptions

    func run() throws {
        try ProposalAnswer.send(block: block, accept: false, connection: connection)
    }
}

enum ProposalAnswer {
    static func send(block: String, accept: Bool, connection: ConnectionOptions) throws {
        let client = connection.client
        // The proposal as the user knows it, read before the answer (a declined one leaves the coming days).
        let proposal = connection.json || accept ? nil : BlockLookup.coming(block, client: client)
        let ghost = try CallFailure.perform { () throws(RPCClientError) in
            try client.call(ProposalAnswerMethod.self, .init(block: block, accept: accept))
        }
        if connection.json { return try JSONOutput.print(ghost) }
        if !accept, let accepted = proposal, accepted.status == "scheduled" {
            return print("Took back your yes: \(BlockName.phrase(accepted)) is off your calendar.")
        }
        guard accept else { return print("Declined \(proposal.map(BlockName.phrase) ?? "that proposal").") }
        // Where the accepted block now stands: a proposed move has moved it.
        guard let accepted = BlockLookup.coming(block, client: client) else { return print("Accepted; it is in your calendar.") }
        print("Accepted: \(BlockName.noun(accepted)) is in your calendar \(acceptedTime(accepted)).")
    }

    /// "on Thu 10 Dec at 07:30–08:15".
    static func acceptedTime(_ view: BlockView) -> String {
        "on \(DayText.label(view.start)) at \(PlanText.clock(view.start))–\(PlanText.clock(view.end))"
    }
}

/// A block read to name it in a reply. Nil when it is not found or the lookup fails: the answer itself is done
/// either way, and the reply then names no block rather than its id.
enum BlockLookup {
    /// A block of the coming days (`blocks.list`'s default range).
    static func coming(_ block: String, client: RPCClient) -> BlockView? {
        do {
            return try client.call(BlocksListMethod.self, .init()).blocks.first { $0.id == block }
        } catch {
            return nil
        }
    }

    /// A missed block waiting for its reason.
    static func pending(_ block: String, client: RPCClient) -> BlockView? {
        do {
            return try client.call(TriageListMethod.self).pending.first { $0.id == block }
        } catch {
            return nil
        }
    }
}

struct LogCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "log",
        abstract: "Log a workout: it completes the block it overlaps. --undo takes the last one back.",
        discussion: "Without --at the workout is taken to have just ended. Examples: vigorctl log; vigorctl log --at 2026-11-24T18:05:00+01:00 --minutes 40; vigorctl log --undo")
    @Option(name: .long, help: "When you started, RFC 3339 (default: --minutes ago).") var at: String?
    @Option(name: .long, help: "How long you trained, minutes (default: your session length).") var minutes: Int?
    @Flag(name: .long, help: "That was wrong: take back the last counted workout (or --workout ID).") var undo = false
    @Flag(name: .long, help: "That was right: confirm the workout --workout ID (the Correct of \"45 min run logged.\").") var confirm = false
    @Option(name: .long, help: "With --undo: the workout id to take back; with --confirm: the one to confirm.") var workout: String?
    @OptionGroup var connection: ConnectionOptions

    func validate() throws {
        if undo, at != nil || minutes != nil { throw ValidationError("--undo takes no --at or --minutes") }
        if confirm, undo || at != nil || minutes != nil { throw ValidationError("--confirm takes only --workout") }
        if confirm, workout == nil { throw ValidationError("--confirm needs --workout ID") }
        if !undo, !confirm, workout != nil { throw ValidationError("--workout goes with --undo or --confirm") }
    }

    func run() throws {
        let client = connection.client
        let result = try CallFailure.perform { () throws(RPCClientError) in
            if confirm, let workout { return try client.call(WorkoutConfirmMethod.self, .init(workout: workout)) }
            return undo ? try client.call(WorkoutUndoMethod.self, .init(workout: workout))
                : try client.call(WorkoutLogMethod.self, .init(at: at, minutes: minutes))
        }
        if connection.json { return try JSONOutput.print(result) }
        if confirm { return print("Thanks: \(WorkoutName.phrase(result)) stays counted.") }
        let block = result.block.map { BlockLookup.coming($0, client: client).map(BlockName.phrase) ?? "its block" }
        print(Self.sentence(result, undone: undo, block: block))
    }

    /// The reply, naming the workout as the user knows it and `block`, the block it completed or reopened, by its name.
    static func sentence(_ result: WorkoutLogResult, undone: Bool, block: String?) -> String {
        if undone, let kept = result.countedAs {
            return "Taken back your log of \(WorkoutName.phrase(result)). The workout a device recorded still counts"
                + (block.map { ", completing \($0)" } ?? "") + "; to take it back too: vigorctl log --undo --workout \(kept)."
        }
        if undone {
            return "Taken back \(WorkoutName.phrase(result))" + (block.map { "; \($0) is open again" } ?? "") + "."
        }
        if result.countedAs != nil {
            return "Already counted: a device recorded this workout" + (block.map { ", completing \($0)" } ?? "")
                + ". It counts once; your log is kept beside it."
        }
        guard result.counted else { return "Already counted (or too short to count); nothing changed." }
        let what = block.map { "Logged: it completes \($0)." } ?? "Logged: it counts as training on your own."
        return "\(what) Tell me if wrong: vigorctl log --undo"
    }
}

/// A workout as the user knows it: "the 45 min run on Sun 6 Dec at 19:00".
enum WorkoutName {
    static func phrase(_ result: WorkoutLogResult) -> String {
        guard let start = RPCTimestamp(rfc3339: result.start) else { return "the workout" }
        let minutes = RPCTimestamp(rfc3339: result.end).map { Int(($0.date.timeIntervalSince(start.date) / 60).rounded()) }
        let noun = result.activity ?? "workout"
        return "the " + (minutes.map { "\($0) min \(noun)" } ?? noun) + " on \(DayText.label(start)) at \(PlanText.clock(start))"
    }
}
