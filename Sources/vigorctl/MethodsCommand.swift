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
        let rows = methods.map { method in
            (name: method.objectValue?["name"]?.stringValue ?? "?", summary: method.objectValue?["summary"]?.stringValue ?? "")
        }
        // Names in one column as wide as the longest, two spaces before the summaries.
        let width = (rows.map(\.name.count).max() ?? 0) + 2
        for row in rows {
            print(TextFormat.padded(row.name, to: width) + row.summary)
        }
    }
}
