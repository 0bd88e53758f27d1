import Foundation
import TestPrograms
import Testing

private let shells = ["zsh", "fish"]

/// The completions Scripts/install writes (and the package installs), loaded into a real zsh and fish.
@Suite(.removesScratchFolders, .enabled(if: TestTools.runnable(shells), "needs \(TestTools.missing(shells)) (Scripts/bootstrap installs them)"))
struct CompletionTests {
    /// A folder with `_vigorctl` and `vigorctl.fish` as `vigorctl --generate-completion-script` writes them.
    private func completionFolder() throws -> String {
        try #require(TestTools.missing(shells).isEmpty, "\(TestTools.missing(shells)) is not installed (Scripts/bootstrap installs it)")
        let folder = try makeScratchFolder("completions")
        for (shell, name) in [("zsh", "_vigorctl"), ("fish", "vigorctl.fish")] {
            let script = try runCommand(Binaries.vigorctl, ["--generate-completion-script", shell])
            #expect(script.status == 0)
            try script.stdout.write(toFile: folder + "/" + name, atomically: true, encoding: .utf8)
        }
        return folder
    }

    @Test func zshCompletesCommandsAndTheReasonsOfATriageAnswer() throws {
        let folder = try completionFolder()
        let commands = try CompletionShells.zsh("vigorctl tr", fpath: folder, binaries: Binaries.folder.path)
        #expect(Set(commands) == ["travel", "triage", "trust"], "\(commands)")
        let reasons = try CompletionShells.zsh("vigorctl triage answer --reason ", fpath: folder, binaries: Binaries.folder.path)
        #expect(reasons == ["bad-time", "life-happened", "unwell", "skip"], "\(reasons)")
        let phases = try CompletionShells.zsh("vigorctl trust set a", fpath: folder, binaries: Binaries.folder.path)
        #expect(Set(phases) == ["auto-scheduler", "auto"], "\(phases)")
    }

    @Test func fishCompletesCommandsAndTheReasonsOfATriageAnswer() throws {
        let file = try completionFolder() + "/vigorctl.fish"
        let commands = try CompletionShells.fish("vigorctl tr", file: file, binaries: Binaries.folder.path)
        #expect(Set(commands) == ["travel", "triage", "trust"], "\(commands)")
        let reasons = try CompletionShells.fish("vigorctl triage answer --reason ", file: file, binaries: Binaries.folder.path)
        #expect(reasons == ["bad-time", "life-happened", "unwell", "skip"], "\(reasons)")
        let bar = try CompletionShells.fish("vigorctl status --bar=", file: file, binaries: Binaries.folder.path)
        #expect(Set(bar).isSuperset(of: ["--bar=waybar", "--bar=plain"]), "\(bar)")
    }
}
