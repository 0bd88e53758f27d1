import ArgumentParser
import VigorRPC

struct MethodsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "methods", abstract: "List the methods the daemon serves (from rpc.discover).")

    @OptionGroup var connection: ConnectionOptions

    func run() throws {
        let client = connection.client
        let document = try CallFailure.perform { () throws(RPCClientError) in try client.call(DiscoverMethod.self) }
        if connection.json {
            try JSONOutput.print(document)
            return
        }
        guard case .array(let methods)? = document.objectValue?["methods"] else { return }
        for method in methods {
            let name = method.objectValue?["name"]?.stringValue ?? "?"
            let summary = method.objectValue?["summary"]?.stringValue ?? ""
            print(name.padding(toLength: 18, withPad: " ", startingAt: 0) + summary)
        }
    }
}
