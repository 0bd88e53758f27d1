import ArgumentParser

#if canImport(Glibc)
import Glibc
#endif

/// Parses the command line (global options may come first), runs the command, and reports a failure once:
/// `vigorctl: message` on stderr, or under `--json` a `{"error": …}` object on stdout, with the same exit code.
@main
enum Entry {
    static func main() {
        let arguments = GlobalOptions.hoisted(Array(CommandLine.arguments.dropFirst()))
        let json = GlobalOptions.asksForJSON(arguments)
        do {
            var command = try Vigorctl.parseAsRoot(arguments)
            try command.run()
        } catch let failure as CommandFailure {
            report(failure, json: json)
        } catch {
            let status = Vigorctl.exitCode(for: error).rawValue
            // Help, --version and completion scripts exit 0; an ExitCode was thrown after its message was printed.
            guard json, status != 0, !(error is ExitCode) else { Vigorctl.exit(withError: error) }
            report(CommandFailure(status == 64 ? .invalidArguments : .failed, Vigorctl.message(for: error), exit: status), json: true)
        }
    }

    private static func report(_ failure: CommandFailure, json: Bool) -> Never {
        if json {
            do {
                try JSONOutput.print(["error": failure])
            } catch {
                CallFailure.printError(failure.message)
            }
        } else {
            CallFailure.printError(failure.message)
        }
        exit(failure.exit)
    }
}
