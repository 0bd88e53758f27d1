import ArgumentParser
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import SafeFiles
import VigorRPC

struct ExportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "export", abstract: "Write all your data that vigord keeps as JSON (to stdout or --output FILE).")

    @Option(name: .long, help: "Write to this file instead of stdout.")
    var output: String?

    @OptionGroup var connection: ConnectionOptions

    func run() throws {
        let client = connection.client
        let document = try CallFailure.perform { () throws(RPCClientError) in try client.call(DataExportMethod.self) }
        let encoder = RPCCoding.makeEncoder()
        encoder.outputFormatting.insert(.prettyPrinted)
        let data = try encoder.encode(document)
        if let output {
            // Health data and check-ins: readable by the owner only, like the configuration; never through a planted link.
            try AtomicFile.write(data, to: output, mode: 0o600)
            print("Wrote \(data.count) bytes to \(output) (readable by you only).")
        } else {
            print(String(decoding: data, as: UTF8.self))
        }
    }
}

struct PurgeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "purge", abstract: "Delete all your data in vigord; the Ghost starts over. Needs --yes.",
        discussion: "Calendars you own are not touched. Run `vigorctl export --output backup.json` first if in doubt.")

    @Flag(name: .long, help: "Yes, delete everything.")
    var yes = false

    @OptionGroup var connection: ConnectionOptions

    func validate() throws {
        guard yes else { throw ValidationError("purge deletes all your vigord data; add --yes to confirm") }
    }

    func run() throws {
        let client = connection.client
        let ghost = try CallFailure.perform { () throws(RPCClientError) in try client.call(DataPurgeMethod.self, .init(confirm: true)) }
        if connection.json {
            try JSONOutput.print(ghost)
        } else {
            print("All vigord data deleted; the Ghost starts over as \(ghost.trustPhaseName).")
        }
    }
}
