import ArgumentParser
import VigorRPC

struct TrustCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "trust", abstract: "The Ghost's trust phase.", subcommands: [TrustSetCommand.self])
}

/// A trust phase as typed: kebab-case (`auto-scheduler`), the API's camelCase (`autoScheduler`), or `auto`.
struct TrustPhaseArgument: ExpressibleByArgument {
    /// The phase's API name, or `auto`.
    let wireName: String

    init?(argument: String) {
        guard let name = KebabName.match(argument, in: TrustPhaseName.all + ["auto"]) else { return nil }
        wireName = name
    }

    static var allValueStrings: [String] { TrustPhaseName.all.map(KebabName.kebab) + ["auto"] }

    static var defaultCompletionKind: CompletionKind { .list(allValueStrings) }
}

struct TrustSetCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "set",
        abstract: "Set the Ghost's trust phase by hand, or hand it back with `auto`.",
        discussion: "Phases: \(TrustPhaseName.all.map(KebabName.kebab).joined(separator: ", ")). A phase you set stays until `vigorctl trust set auto`.")

    @Argument(help: "A trust phase or auto.")
    var phase: TrustPhaseArgument

    @OptionGroup var connection: ConnectionOptions

    func run() throws {
        let client = connection.client
        let ghost = try CallFailure.perform { () throws(RPCClientError) in
            try client.call(TrustSetMethod.self, .init(phase: phase.wireName))
        }
        if connection.json {
            try JSONOutput.print(ghost)
        } else if phase.wireName == "auto" {
            print("The Ghost moves its own trust phase again (now \(ghost.trustPhaseName)).")
        } else {
            print("Trust phase set to \(ghost.trustPhaseName); it stays until `vigorctl trust set auto`.")
        }
    }
}
