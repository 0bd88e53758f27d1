import Foundation
import TestPrograms
import Testing

/// A program's exit status is never lost, whatever vigorctl inherited: started by a program that ignores SIGCHLD (a
/// disposition that survives exec), the kernel would reap vigorctl's children itself and their status would be gone.
@Suite(.removesScratchFolders) struct ChildStatusTests {
    @Test func setupHearsVigordRefuseItsConfigurationEvenWhenStartedWithChildEndsIgnored() throws {
        let home = try SetupHome("sigchld")
        try home.write(SetupHome.event("g1", title: "Gym", start: "20261010T080000Z", end: "20261010T090000Z"), at: "Calendars/gym.ics")
        // A vigorctl with a vigord beside it that refuses every configuration.
        let tools = try makeScratchFolder("sigchld-tools")
        try FileManager.default.copyItem(atPath: Binaries.vigorctl, toPath: tools + "/vigorctl")
        try "#!/bin/sh\necho 'vigord: this configuration is refused' >&2\nexit 1\n".write(toFile: tools + "/vigord", atomically: true, encoding: .utf8)
        #expect(chmod(tools + "/vigord", 0o755) == 0)
        let run = try runCommand(
            "/usr/bin/python3",
            ["-c", "import os, signal, sys; signal.signal(signal.SIGCHLD, signal.SIG_IGN); os.execv(sys.argv[1], sys.argv[1:])",
             tools + "/vigorctl", "setup", "--yes", "--config", home.configPath, "--calendar", home.path + "/Calendars/gym.ics",
             "--socket", "/nonexistent/vigord.sock"],
            environment: home.environment)
        #expect(run.status != 0, "\(run.stdout)\n\(run.stderr)")
        #expect(run.stdout.contains("vigord refuses the configuration setup made (exit 1)"), "\(run.stdout)\n\(run.stderr)")
        #expect(!FileManager.default.fileExists(atPath: home.configPath))
    }
}
