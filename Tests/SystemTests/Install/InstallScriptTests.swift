import Foundation
import TestPrograms
import Testing

/// The release binaries Scripts/test builds once (`swift build -c release --static-swift-stdlib`) for these tests and
/// the .deb; without them the tests that install are skipped.
private let releaseBinaries = ProcessInfo.processInfo.environment["VIGOR_RELEASE_BIN"].flatMap { $0.isEmpty ? nil : $0 }
private let manTool = Binaries.tool("man")
private let programs = ["vigord", "vigorctl", "vigor-sim"]
private let unitNames = [
    "vigor-evening.service", "vigor-evening.timer", "vigor-morning.service", "vigor-morning.timer", "vigor-weekly.service",
    "vigor-weekly.timer", "vigord.service", "vigord.socket",
]

/// Runs Scripts/install with `arguments`; stdout and stderr together.
private func install(_ arguments: [String]) throws -> (status: Int32, output: String) {
    try runMerged(Repository.path("Scripts/install"), arguments)
}

private func installing(into destdir: String, _ arguments: [String]) throws -> (status: Int32, output: String) {
    try install(["--destdir", destdir, "--bin", releaseBinaries ?? ""] + arguments)
}

private func exists(_ path: String) -> Bool { FileManager.default.fileExists(atPath: path) }

@Suite(.removesScratchFolders, .enabled(if: releaseBinaries != nil, "VIGOR_RELEASE_BIN is not set: Scripts/test sets it after the release build"))
struct InstallScriptTests {
    @Test func installingAndUninstallingLeavesTheDestdirAsItWas() throws {
        let destdir = try makeScratchFolder("install-user")
        try FileManager.default.createDirectory(atPath: destdir + "/usr/local/bin", withIntermediateDirectories: true)
        try "#!/bin/sh\n".write(toFile: destdir + "/usr/local/bin/someone-elses-tool", atomically: true, encoding: .utf8)
        let before = try treeSnapshot(destdir)

        let installed = try installing(into: destdir, ["--user"])
        #expect(installed.status == 0, "\(installed.output)")
        let root = destdir + "/usr/local"
        for program in programs {
            #expect(FileManager.default.isExecutableFile(atPath: root + "/bin/" + program))
            #expect(exists(root + "/share/man/man1/\(program).1.gz"))
            #expect(exists(root + "/share/bash-completion/completions/" + program))
            #expect(exists(root + "/share/zsh/site-functions/_" + program))
            #expect(exists(root + "/share/fish/vendor_completions.d/\(program).fish"))
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: root + "/lib/systemd/user").sorted() == unitNames)
        #expect(try String(contentsOfFile: root + "/lib/systemd/user/vigord.service", encoding: .utf8).contains("ExecStart=/usr/local/bin/vigord\n"))
        #expect(FileManager.default.isExecutableFile(atPath: root + "/lib/systemd/user-generators/vigord-timer-generator"))
        #expect(exists(root + "/share/man/man5/vigord.conf.5.gz"))
        #expect(exists(root + "/share/vigord/config.toml"))
        #expect(exists(root + "/share/vigord/scenarios/steady-85-percent.json"))
        #expect(!exists(root + "/lib/systemd/system"))
        #expect(!exists(destdir + "/etc"))

        let removed = try installing(into: destdir, ["--user", "--uninstall"])
        #expect(removed.status == 0, "\(removed.output)")
        let after = try treeSnapshot(destdir)
        #expect(after == before, "left behind: \(Set(after.keys).symmetricDifference(before.keys).sorted())")
    }

    @Test func bothScopesShareTheBinariesAndEachUninstallRemovesOnlyItsOwn() throws {
        let destdir = try makeScratchFolder("install-both")
        let prefix = ["--prefix", "/opt/vigor"]
        #expect(try installing(into: destdir, prefix + ["--user"]).status == 0)
        let system = try installing(into: destdir, prefix + ["--system"])
        #expect(system.status == 0, "\(system.output)")
        let root = destdir + "/opt/vigor"
        #expect(try String(contentsOfFile: root + "/lib/systemd/system/vigord.service", encoding: .utf8)
            .contains("ExecStart=/opt/vigor/bin/vigord --config /etc/vigor/config.toml\n"))
        #expect(try String(contentsOfFile: root + "/lib/systemd/system-generators/vigord-timer-generator", encoding: .utf8)
            .contains("exec /opt/vigor/bin/vigord --write-timer-drop-ins"))
        #expect(exists(destdir + "/etc/vigor/config.toml"))

        #expect(try installing(into: destdir, prefix + ["--user", "--uninstall"]).status == 0)
        #expect(!exists(root + "/lib/systemd/user"))
        #expect(!exists(root + "/lib/systemd/user-generators"))
        #expect(exists(root + "/lib/systemd/system/vigord.service"))
        #expect(FileManager.default.isExecutableFile(atPath: root + "/bin/vigord"))

        let last = try installing(into: destdir, prefix + ["--system", "--uninstall"])
        #expect(last.status == 0, "\(last.output)")
        let left = try treeSnapshot(destdir)
        #expect(left.isEmpty, "left behind: \(left.keys.sorted())")
    }

    @Test func uninstallKeepsAConfigurationChangedSinceTheInstall() throws {
        let destdir = try makeScratchFolder("install-config")
        #expect(try installing(into: destdir, ["--system"]).status == 0)
        let config = destdir + "/etc/vigor/config.toml"
        try (try String(contentsOfFile: config, encoding: .utf8) + "[schedule]\nmorning = \"05:30\"\n").write(toFile: config, atomically: true, encoding: .utf8)

        let removed = try installing(into: destdir, ["--system", "--uninstall"])
        #expect(removed.status == 0)
        #expect(removed.output.contains("kept \(config): it changed since it was installed"))
        #expect(Set(try treeSnapshot(destdir).keys) == ["etc/", "etc/vigor/", "etc/vigor/config.toml"])
    }

    @Test func aSystemInstallLeavesAnExistingConfigurationAlone() throws {
        let destdir = try makeScratchFolder("install-existing")
        try FileManager.default.createDirectory(atPath: destdir + "/etc/vigor", withIntermediateDirectories: true)
        try "[training]\nsessions_per_week = 4\n".write(toFile: destdir + "/etc/vigor/config.toml", atomically: true, encoding: .utf8)
        let before = try treeSnapshot(destdir)
        #expect(try installing(into: destdir, ["--system"]).status == 0)
        #expect(try String(contentsOfFile: destdir + "/etc/vigor/config.toml", encoding: .utf8) == "[training]\nsessions_per_week = 4\n")
        #expect(try installing(into: destdir, ["--system", "--uninstall"]).status == 0)
        #expect(try treeSnapshot(destdir) == before)
    }

    @Test func aReinstallReplacesTheEarlierOneAndUninstallsInOneGo() throws {
        let destdir = try makeScratchFolder("install-again")
        #expect(try installing(into: destdir, ["--user"]).status == 0)
        #expect(try installing(into: destdir, ["--user"]).status == 0)
        #expect(try installing(into: destdir, ["--user", "--uninstall"]).status == 0)
        #expect(try treeSnapshot(destdir).isEmpty)
        let again = try installing(into: destdir, ["--user", "--uninstall"])
        #expect(again.status == 1)
        #expect(again.output.contains("nothing to uninstall"))
    }

    @Test func theInstalledBinariesLoadNoSwiftRuntime() throws {
        for program in programs {
            let linked = try runCommand("/usr/bin/ldd", [(releaseBinaries ?? "") + "/" + program])
            #expect(linked.status == 0)
            #expect(!linked.stdout.contains("libswift") && !linked.stdout.contains("Foundation"), "\(program):\n\(linked.stdout)")
        }
    }

    @Test(.enabled(if: TestTools.runnable(["man"]), "man is not installed (apt-get install man-db)"))
    func theInstalledManualsRenderWithoutWarningsAndSayWhereFilesAreAndWhatTheEnvironmentChanges() throws {
        let man = try #require(manTool, "man is not installed (apt-get install man-db)")
        let destdir = try makeScratchFolder("install-man")
        #expect(try installing(into: destdir, ["--user"]).status == 0)
        let pages = programs.map { "man1/\($0).1.gz" } + ["man5/vigord.conf.5.gz"]
        for page in pages {
            var environment = ProcessInfo.processInfo.environment
            environment["MANWIDTH"] = "100"
            let rendered = try runCommand(man, ["--warnings", "-l", destdir + "/usr/local/share/man/" + page], environment: environment)
            #expect(rendered.status == 0)
            #expect(rendered.stderr.isEmpty, "\(page) warns:\n\(rendered.stderr)")
            #expect(rendered.stdout.contains("\nFILES\n"), "\(page) has no FILES section")
            if page.hasPrefix("man1") {
                #expect(rendered.stdout.contains("\nENVIRONMENT\n"), "\(page) has no ENVIRONMENT section")
                #expect(rendered.stdout.contains("\nEXIT STATUS\n"))
                #expect(!rendered.stdout.contains("utility exits 0 on success"), "\(page) still has the generic exit status")
            }
        }
    }

    @Test func theInstalledBashCompletionCompletesVigorctlCommands() throws {
        let destdir = try makeScratchFolder("install-completion")
        #expect(try installing(into: destdir, ["--user"]).status == 0)
        let script = destdir + "/usr/local/share/bash-completion/completions/vigorctl"
        let completed = try runCommand("/bin/bash", [
            "-c", "source \"$0\"; COMP_WORDS=(vigorctl sta); COMP_CWORD=1; COMP_LINE='vigorctl sta'; COMP_POINT=12; "
                + "_vigorctl vigorctl sta vigorctl; printf '%s\\n' \"${COMPREPLY[@]}\"", script,
        ])
        #expect(completed.stdout.split(separator: "\n").contains("status"), "\(completed.stdout)\(completed.stderr)")
    }
}

@Test(.removesScratchFolders) func installRefusesBinariesThatLoadTheSwiftRuntime() throws {
    let destdir = try makeScratchFolder("install-debug")
    let refused = try install(["--destdir", destdir, "--bin", Binaries.folder.path, "--user"])
    #expect(refused.status == 1)
    #expect(refused.output.contains("loads the Swift runtime above"))
    #expect(try treeSnapshot(destdir).isEmpty)
}

@Test(.removesScratchFolders) func installRefusesAnUnknownArgumentAsAUsageError() throws {
    let refused = try install(["--prefix", "relative/path"])
    #expect(refused.status == 64)
    #expect(refused.output.contains("--prefix must be an absolute path"))
    #expect(try install(["--everything"]).status == 64)
}
