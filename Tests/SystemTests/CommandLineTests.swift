import Foundation
import TestPrograms
import Testing

@Test(.removesScratchFolders) func vigorctlGeneratesShellCompletions() throws {
    for shell in ["bash", "zsh", "fish"] {
        let result = try runCommand(Binaries.vigorctl, ["--generate-completion-script", shell])
        #expect(result.status == 0)
        #expect(result.stdout.contains("status"), "\(shell) completion lacks the status command")
    }
}

@Test(.removesScratchFolders) func helpListsEveryCommandAndTheExitCodes() throws {
    let result = try runCommand(Binaries.vigorctl, ["--help"])
    #expect(result.status == 0)
    for command in ["status", "reload", "methods"] { #expect(result.stdout.contains(command)) }
    #expect(result.stdout.contains("3 the daemon is not running"))
}

@Test(.removesScratchFolders) func vigordHelpDocumentsItsOptionsAndExitCodes() throws {
    let result = try runCommand(Binaries.vigord, ["--help"])
    #expect(result.status == 0)
    for option in ["--config", "--socket", "--state-dir"] { #expect(result.stdout.contains(option)) }
    #expect(result.stdout.contains("78 invalid configuration"))
}
