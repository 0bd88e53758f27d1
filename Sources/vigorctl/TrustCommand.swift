import ArgumentParser
import VigorRPC

struct TrustCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "trust", abstract: "The Ghost's trust phase.", subcommands: [TrustSetCommand.self])
}

struct TrustSetCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "set",
        abstract: "Set the Ghost's trust phase by hand, or hand it back with `auto`.",
        discussion: "Phases: \(TrustPhaseName.all.joined(separator: ", ")). A phase you set stays until `vigorctl trust set auto`.")

    @Argument(help: "A trust phase or auto.")
    var phase: String

    @OptionGroup var connection: ConnectionOptions

    func validate() throws {
        guard TrustPhaseName.all.contains(phase) || phase == "auto" else {
            throw ValidationError("'\(phase)' is not a trust phase; use one of \(TrustPhaseName.all.joined(separator: ", ")) or auto")
        }
    }

    func run() throws {
        let client = connection.client
        let ghost = try CallFailure.perform { () throws(RPCClientError) in
            try client.call(TrustSetMethod.self, .init(phase: phase))
        }
        if connection.json {
            try JSONOutput.print(ghost)
        } else if phase == "auto" {
            print("The Ghost moves its own trust phase again (now \(ghost.trustPhaseName)).")
        } else {
            print("Trust phase set to \(ghost.trustPhaseName); it stays until `vigorctl trust set auto`.")
        }
    }
}
