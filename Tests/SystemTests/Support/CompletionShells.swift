import Foundation

/// What a real zsh and a real fish complete for a command line, with a folder of completion files loaded the way
/// the package installs them (zsh: a folder on fpath; fish: a file sourced). The folder of the binaries goes first
/// on PATH, since a completion may run the program.
enum CompletionShells {
    /// Completes `line` (its last word, with a Tab) in an interactive zsh driven through a pseudo-terminal (zpty):
    /// compinit loads `_vigorctl` from `folder`, and a compadd wrapper prints each match it is handed.
    static func zsh(_ line: String, fpath folder: String, binaries: String) throws -> [String] {
        let scratch = try makeScratchFolder("zsh-completion")
        let script = scratch + "/complete.zsh"
        try zshDriver.write(toFile: script, atomically: true, encoding: .utf8)
        let result = try runCommand("/usr/bin/timeout", ["30", "/usr/bin/zsh", "-f", script, folder, line], environment: environment(binaries, home: scratch))
        guard result.status == 0 else { throw CompletionShellError("zsh ended with \(result.status): \(result.stderr)") }
        return result.stdout.split(separator: "\n").map(String.init)
    }

    /// Completes `line` in fish with `file` sourced: `complete -C`, the matches without their descriptions.
    static func fish(_ line: String, file: String, binaries: String) throws -> [String] {
        let command = "source \(file); complete -C \"\(line)\""
        let home = try makeScratchFolder("fish-home")
        let result = try runCommand("/usr/bin/fish", ["--no-config", "-c", command], environment: environment(binaries, home: home))
        guard result.status == 0 else { throw CompletionShellError("fish ended with \(result.status): \(result.stderr)") }
        return result.stdout.split(separator: "\n").map { String($0.prefix { $0 != "\t" }) }
    }

    /// The shells write their caches (.zcompdump, fish's history) under `home`, a scratch folder.
    private static func environment(_ binaries: String, home: String) -> [String: String] {
        var environment = ProcessInfo.processInfo.environment
        environment["PATH"] = binaries + ":" + (environment["PATH"] ?? "/usr/bin:/bin")
        environment["HOME"] = home
        return environment
    }

    /// `zsh -f complete.zsh FOLDER LINE`. The markers are split in the typed text ("MA""TCH:") so the terminal's
    /// echo of what was typed is never read as a match.
    private static let zshDriver = #"""
        zmodload zsh/zpty || exit 2
        setopt extendedglob
        zpty shell zsh -f -i
        zpty -w shell "PROMPT=''; fpath=(${(q)1} \$fpath); autoload -U compinit; compinit -u -D; bindkey '^I' complete-word"
        zpty -w shell 'compadd() { if [[ ${@[1,(i)(-|--)]} == *-(O|A|D)\ * ]]; then builtin compadd "$@"; return; fi; local -a found; builtin compadd -A found "$@"; print -rl -- ${found/#/"MA""TCH:"}; builtin compadd "$@"; }'
        zpty -w shell 'finish() { print -r -- "EN""D:"; exit; }; comppostfuncs=(finish)'
        zpty -n -w shell "$2"$'\t'
        while zpty -r shell line; do
          [[ $line == *END:* ]] && break
          [[ $line == *MATCH:* ]] && print -r -- ${${line#*MATCH:}%%[[:space:]]#}
        done
        zpty -d shell
        """#
}

struct CompletionShellError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
