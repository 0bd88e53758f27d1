import ArgumentParser
import CivilCalendar
import VigorRPC

#if canImport(Glibc)
import Glibc
#endif

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

    @Flag(name: .long, help: "With auto: hand the phase back without asking, even when the Ghost would step down.")
    var yes = false

    @OptionGroup var connection: ConnectionOptions

    func run() throws {
        let client = connection.client
        if phase.wireName == "auto", !connection.json {
            let now = try CallFailure.perform { () throws(RPCClientError) in try client.call(StatusMethod.self) }.ghost
            if let warning = Self.stepDown(now) {
                print(warning)
                // Asked on a terminal only: a script that hands the phase back is told, not stopped.
                if isatty(STDIN_FILENO) == 1, !Prompter(assumeYes: yes).confirm("Hand it back?", default: false) {
                    print("Kept \(now.trustPhaseName), set by you.")
                    return
                }
            }
        }
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

    /// What handing the phase back will do when the score does not earn the phase the user set; nil when it does.
    static func stepDown(_ ghost: GhostStatus) -> String? {
        guard ghost.pinnedByUser, let lower = ghost.phaseOnReleaseName else { return nil }
        return "You set \(ghost.trustPhaseName) by hand. The Ghost's trust score (\(Percent.text(ghost.trustScore))) earns \(lower): "
            + "handed back, it steps down one phase a day, when each day closes, until \(lower)."
    }
}
