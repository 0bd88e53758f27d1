/// The options every command takes may also come before the command, as `git -C` and `systemctl --user` allow:
/// `vigorctl --socket PATH status` is read as `vigorctl status --socket PATH`.
enum GlobalOptions {
    /// `arguments` (without the program name) with a bare `--bar` read as `--bar=waybar`, and the leading `--socket PATH`, `--socket=PATH` and `--json`
    /// moved behind the command and its subcommands (before a `--`, if any). Anything else stops the scan, so
    /// `--help`, `--version` and an unknown option reach the parser where they were.
    static func hoisted(_ arguments: [String]) -> [String] {
        var leading: [String] = []
        var index = 0
        scan: while index < arguments.count {
            switch arguments[index] {
            case "--json":
                leading.append("--json")
                index += 1
            case "--socket" where index + 1 < arguments.count:
                leading += ["--socket", arguments[index + 1]]
                index += 2
            case let argument where argument.hasPrefix("--socket="):
                leading.append(argument)
                index += 1
            default:
                break scan
            }
        }
        var rest = Array(arguments[index...])
        // A bare `--bar` means waybar's JSON (`--bar=plain` for text): an option value that may be left out.
        let end = rest.firstIndex(of: "--") ?? rest.count
        for position in rest[..<end].indices where rest[position] == "--bar" { rest[position] = "--bar=waybar" }
        guard !leading.isEmpty, !rest.isEmpty, !rest[0].hasPrefix("-") else { return index == 0 ? rest : arguments }
        rest.insert(contentsOf: leading, at: rest.firstIndex(of: "--") ?? rest.count)
        return rest
    }

    /// Whether the user asked for JSON (anywhere before a `--`): then errors, too, are JSON on stdout.
    static func asksForJSON(_ arguments: [String]) -> Bool {
        arguments.prefix { $0 != "--" }.contains("--json")
    }
}
