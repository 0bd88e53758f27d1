import ArgumentParser
import VigorRPC

struct SacredCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "sacred", abstract: "Time the Ghost never uses: list it, or clear a learned slot.",
        subcommands: [SacredListCommand.self, SacredClearCommand.self], defaultSubcommand: SacredListCommand.self)
}

struct SacredListCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "list", abstract: "List sacred time.")
    @OptionGroup var connection: ConnectionOptions

    func run() throws {
        let client = connection.client
        let result = try CallFailure.perform { () throws(RPCClientError) in try client.call(SacredListMethod.self) }
        try SacredText.print(result, json: connection.json)
    }
}

struct SacredClearCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "clear", abstract: "Let the Ghost use a learned sacred slot again.")
    @Argument(help: "The slot as listed, e.g. \"Mon 07:00\".") var slot: String
    @OptionGroup var connection: ConnectionOptions

    func run() throws {
        let client = connection.client
        let result = try CallFailure.perform { () throws(RPCClientError) in try client.call(SacredClearMethod.self, .init(slot: slot)) }
        try SacredText.print(result, json: connection.json)
    }
}

enum SacredText {
    static func print(_ result: SacredListMethod.Result, json: Bool) throws {
        if json {
            try JSONOutput.print(result)
            return
        }
        Swift.print("Always protected: " + result.rules.joined(separator: "; "))
        Swift.print(result.slots.isEmpty ? "Learned: none" : "Learned (vigorctl sacred clear \"SLOT\"): " + result.slots.joined(separator: ", "))
    }
}
