import ArgumentParser
import VigorRPC

struct ConfigCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "config",
        abstract: "Show the configuration in force: every key with its value and where it came from (default or file:line).")

    @OptionGroup var connection: ConnectionOptions

    func run() throws {
        let client = connection.client
        let result = try CallFailure.perform { () throws(RPCClientError) in try client.call(ConfigShowMethod.self) }
        if connection.json {
            try JSONOutput.print(result)
            return
        }
        print("# \(result.configPath)" + (result.configSource == "defaults" ? " (no such file: every value is a default)" : ""))
        for table in result.tables where !table.keys.isEmpty {
            print("")
            // An array of tables ([[calendar.source]]) comes as one key per entry, named by its index.
            if table.keys.allSatisfy({ $0.key.hasPrefix("[") }) {
                for key in table.keys { print("[[\(table.name)]] \(key.value)  # \(key.source)") }
                continue
            }
            print("[\(table.name)]")
            let width = table.keys.map(\.key.count).max() ?? 0
            let valueWidth = min(40, table.keys.map(\.value.count).max() ?? 0)
            for key in table.keys {
                defer {
                    if let waiting = key.needsRestart { print("#   needs a restart: the file says \(waiting); in force until then: the value above") }
                }
                let name = TextFormat.padded(key.key, to: width)
                // A key left unset whose default is decided at run time comes as a comment saying what happens.
                if key.value.hasPrefix("# ") {
                    print("# \(name)   \(key.value.dropFirst(2))  (\(key.source))")
                    continue
                }
                let value = key.value.count < valueWidth ? TextFormat.padded(key.value, to: valueWidth) : key.value
                print("\(name) = \(value)  # \(key.source)")
            }
        }
    }
}
