import ArgumentParser
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
                print("\(block.id) \(block.start) missed. Why? vigorctl triage answer \(block.id) --reason bad-time|life-happened|unwell|skip")
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

    var wireName: String {
        switch self {
        case .badTime: "badTimeSlot"
        case .lifeHappened: "lifeHappened"
        case .unwell: "feltUnwell"
        case .skip: "unknown"
        }
    }
}

struct TriageAnswerCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "answer", abstract: "Say why a block was missed.")

    @Argument(help: "The missed block's id.") var block: String
    @Option(name: .long, help: "bad-time (the slot is wrong), life-happened, unwell, or skip.") var reason: MissReasonArgument

    @OptionGroup var connection: ConnectionOptions

    func run() throws {
        let client = connection.client
        let ghost = try CallFailure.perform { () throws(RPCClientError) in
            try client.call(TriageAnswerMethod.self, .init(block: block, reason: reason.wireName))
        }
        if connection.json { try JSONOutput.print(ghost) } else { print("Thanks. Noted for \(block).") }
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
    static let configuration = CommandConfiguration(commandName: "decline", abstract: "Decline a proposed block.")
    @Argument(help: "The proposal's block id.") var block: String
    @OptionGroup var connection: ConnectionOptions

    func run() throws {
        try ProposalAnswer.send(block: block, accept: false, connection: connection)
    }
}

enum ProposalAnswer {
    static func send(block: String, accept: Bool, connection: ConnectionOptions) throws {
        let client = connection.client
        let ghost = try CallFailure.perform { () throws(RPCClientError) in
            try client.call(ProposalAnswerMethod.self, .init(block: block, accept: accept))
        }
        if connection.json { try JSONOutput.print(ghost) } else { print(accept ? "Accepted \(block); it is in your calendar." : "Declined \(block).") }
    }
}

struct LogCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "log", abstract: "Log a workout (now, or --at TIME): it completes the block it falls in.")
    @Option(name: .long, help: "When you trained, RFC 3339 (default: now).") var at: String?
    @OptionGroup var connection: ConnectionOptions

    func run() throws {
        let client = connection.client
        let ghost = try CallFailure.perform { () throws(RPCClientError) in try client.call(WorkoutLogMethod.self, .init(at: at)) }
        if connection.json { try JSONOutput.print(ghost) } else { print("Logged. Trust now \(StatusText.percent(ghost.trustScore)).") }
    }
}
