import ArgumentParser
import Foundation
import VigorRPC

struct WhyCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "why", abstract: "Explain the Ghost's decisions: the latest ones, or those about one block.")

    @Argument(help: "A block id (e.g. b7), or latest.")
    var subject = "latest"

    @Option(name: .long, help: "How many decisions (1-200).")
    var limit = 5

    @OptionGroup var connection: ConnectionOptions

    func validate() throws {
        guard (1...200).contains(limit) else { throw ValidationError("--limit must be between 1 and 200") }
    }

    func run() throws {
        let client = connection.client
        let block = subject == "latest" ? nil : subject
        let result = try CallFailure.perform { () throws(RPCClientError) in
            try client.call(ReceiptsListMethod.self, .init(limit: block == nil ? limit : 200, block: block))
        }
        if connection.json {
            try JSONOutput.print(result)
            return
        }
        if result.receipts.isEmpty {
            print(block.map { "No decisions about \($0)." } ?? "No decisions yet.")
            return
        }
        let style = TerminalStyle.detect()
        for receipt in result.receipts {
            print("\(style.bold(receipt.at.description))  \(receipt.action)  \(receipt.reason)")
            let inputs = receipt.inputs.map { "\($0.name)=\($0.value)" }.joined(separator: ", ")
            if !inputs.isEmpty { print("    inputs: \(inputs)") }
            if !receipt.alternatives.isEmpty { print("    instead of: \(receipt.alternatives.joined(separator: "; "))") }
            print("    confidence \(StatusText.percent(receipt.confidence)), trust \(String(format: "%+.3f", receipt.trustImpact)), receipt \(receipt.id) [\(receipt.inputHash)]")
        }
    }
}
