import ArgumentParser
import VigorRPC

struct RevertCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "revert",
        abstract: "Undo the Ghost's change to a block (shortened or removed): it goes back as it was.",
        discussion: "Possible until the block would start. The Ghost learns from it: a rule reverted 3+ times, more often than kept, only suggests from then on. Example: vigorctl revert b7")
    @Argument(help: "The changed block's id (vigorctl status or blocks shows it).") var block: String
    @OptionGroup var connection: ConnectionOptions

    func run() throws {
        try TransformationAnswer.send(block: block, kept: false, connection: connection)
    }
}

struct KeepCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "keep", abstract: "Keep the Ghost's change to a block (a block you do not revert counts as kept once it starts).")
    @Argument(help: "The changed block's id.") var block: String
    @OptionGroup var connection: ConnectionOptions

    func run() throws {
        try TransformationAnswer.send(block: block, kept: true, connection: connection)
    }
}

enum TransformationAnswer {
    static func send(block: String, kept: Bool, connection: ConnectionOptions) throws {
        let client = connection.client
        let view = try CallFailure.perform { () throws(RPCClientError) in
            try client.call(TransformationAnswerMethod.self, .init(block: block, kept: kept))
        }
        if connection.json {
            try JSONOutput.print(view)
        } else if kept {
            print("Kept the change to \(block).")
        } else {
            let minutes = view.transformation?.originalMinutes ?? 0
            print("Reverted \(block): back to \(minutes) minutes at \(view.start), on your calendar.")
        }
    }
}
