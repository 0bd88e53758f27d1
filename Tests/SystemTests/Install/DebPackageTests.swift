import Foundation
import TestPrograms
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// The .debs Scripts/test builds with Scripts/package-deb (vigord, vigord-tools); without them (or without root and
/// dpkg) these tests are skipped.
private let debPath = ProcessInfo.processInfo.environment["VIGOR_DEB"].flatMap { $0.isEmpty ? nil : $0 }
private let toolsDebPath = ProcessInfo.processInfo.environment["VIGOR_TOOLS_DEB"].flatMap { $0.isEmpty ? nil : $0 }
private let dpkgDeb = Binaries.tool("dpkg-deb")
private let dpkg = Binaries.tool("dpkg")
private let analyzeTool = Binaries.tool("systemd-analyze")

/// Where this distribution's systemd wants a package's units and generators (systemd.pc), e.g. `systemdsystemunitdir`.
private func systemdFolder(_ variable: String) throws -> String {
    let result = try runCommand(Binaries.tool("pkg-config") ?? "/usr/bin/pkg-config", ["--variable=" + variable, "systemd"])
    return result.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
}

/// A field of the package's control file.
private func field(_ name: String, of deb: String? = debPath) throws -> String {
    let result = try runCommand(dpkgDeb ?? "", ["--field", deb ?? "", name])
    #expect(result.status == 0, "\(result.stderr)")
    return result.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
}

/// The package names of a Depends value (`libc6 (>= 2.34), libical3 (>= 3.0.0)` gives libc6 and libical3).
private func packageNames(_ depends: String) -> Set<String> {
    Set(depends.split(separator: ",").flatMap { $0.split(separator: "|") }.map {
        String($0.trimmingCharacters(in: .whitespaces).prefix { $0 != " " && $0 != "(" })
    })
}

/// The libraries a binary names itself (its NEEDED entries), each where `ldd` finds it on this machine.
private func neededLibraries(_ binary: String) throws -> [(name: String, path: String?)] {
    let dynamic = try runCommand("/usr/bin/readelf", ["-d", binary]).stdout
    let names = dynamic.split(separator: "\n").filter { $0.contains("(NEEDED)") }.compactMap { line -> String? in
        guard let open = line.lastIndex(of: "["), let close = line.lastIndex(of: "]") else { return nil }
        return String(line[line.index(after: open)..<close])
    }
    let resolved = try runCommand("/usr/bin/ldd", [binary]).stdout.split(separator: "\n")
    return names.map { name in
        let line = resolved.first { $0.trimmingCharacters(in: .whitespaces).hasPrefix(name + " => /") }
        return (name, line.map { String($0[$0.range(of: "=> ")!.upperBound...].prefix { $0 != " " }) })
    }
}

/// The package that ships `path`, trying it as given, resolved, and with or without the /usr prefix (merged /usr).
private func owningPackage(_ path: String) throws -> String? {
    let resolved = URL(fileURLWithPath: path).resolvingSymlinksInPath().path
    for candidate in [path, resolved, "/usr" + path, resolved.replacingOccurrences(of: "/usr/lib/", with: "/lib/")] {
        let result = try runCommand(dpkg ?? "", ["-S", candidate])
        if result.status == 0, let line = result.stdout.split(separator: "\n").first {
            return String(line.prefix { $0 != ":" })
        }
    }
    return nil
}

/// The paths the package ships, as `dpkg-deb --contents` lists them (`/usr/bin/`, `/usr/bin/vigord`).
private func packagedPaths(_ deb: String? = debPath) throws -> Set<String> {
    let listing = try runCommand(dpkgDeb ?? "", ["--contents", deb ?? ""]).stdout
    return Set(listing.split(separator: "\n").compactMap { line in
        line.split(separator: " ").first { $0.hasPrefix("./") }.map { String($0.dropFirst()) }
    })
}

@Suite(
    .removesScratchFolders,
    .serialized,
    .enabled(
        if: debPath != nil && toolsDebPath != nil && TestTools.asRoot(["dpkg-deb", "dpkg"]),
        "root-only: installs the .debs Scripts/test makes (VIGOR_DEB, VIGOR_TOOLS_DEB) with dpkg")
)
struct DebPackageTests {
    @Test(arguments: [(debPath, ["vigord", "vigorctl"]), (toolsDebPath, ["vigor-sim"])])
    func theDebDependsOnEveryLibraryItsBinariesLoad(deb: String?, programs: [String]) throws {
        let depends = packageNames(try field("Depends", of: deb))
        if deb == debPath {
            #expect(depends.isSuperset(of: ["libical3", "libsystemd0", "libsqlite3-0"]), "Depends: \(depends.sorted())")
        }
        let unpacked = try makeScratchFolder("deb-unpacked")
        #expect(try runCommand(dpkgDeb ?? "", ["-x", deb ?? "", unpacked]).status == 0)
        for program in programs {
            let libraries = try neededLibraries(unpacked + "/usr/bin/" + program)
            #expect(libraries.contains { $0.name == "libc.so.6" }, "\(program) needs \(libraries.map(\.name))")
            for library in libraries {
                #expect(!library.name.contains("libswift"), "\(program) needs \(library.name)")
                if library.name.hasPrefix("ld-linux") { continue }
                let path = try #require(library.path, "\(program) needs \(library.name), which is not on this machine")
                let package = try owningPackage(path)
                #expect(package.map(depends.contains) == true, "\(program) needs \(path) from \(package ?? "no package"), not in Depends")
            }
        }
    }

    @Test func theDebShipsEveryPieceAndEnablesNothing() throws {
        let paths = try packagedPaths()
        let systemUnits = try systemdFolder("systemdsystemunitdir"), userUnits = try systemdFolder("systemduserunitdir")
        for expected in [
            "/usr/bin/vigord", "/usr/bin/vigorctl", "/usr/share/doc/vigord/copyright", "/usr/share/doc/vigord/changelog.gz",
            systemUnits + "/vigord.service", userUnits + "/vigord.service", userUnits + "/vigor-morning.timer",
            systemUnits + "/vigor-weekly.timer", systemUnits + "/vigor-weekly.service", userUnits + "/vigor-weekly.timer",
            try systemdFolder("systemdsystemgeneratordir") + "/vigord-timer-generator",
            try systemdFolder("systemdusergeneratordir") + "/vigord-timer-generator",
            "/usr/share/man/man1/vigord.1.gz", "/usr/share/man/man5/vigord.conf.5.gz",
            "/usr/share/bash-completion/completions/vigorctl", "/usr/share/zsh/vendor-completions/_vigorctl",
            "/usr/share/fish/vendor_completions.d/vigorctl.fish", "/usr/share/vigord/config.toml", "/etc/vigor/config.toml",
        ] {
            #expect(paths.contains(expected), "the .deb lacks \(expected)")
        }
        #expect(paths.filter { $0.contains(".wants/") || $0.hasPrefix("/etc/systemd") }.isEmpty, "the .deb enables units")
        #expect(paths.filter { $0.contains("vigor-sim") || $0.contains("/scenarios/") }.isEmpty, "vigor-sim belongs to vigord-tools")
        let tools = try packagedPaths(toolsDebPath)
        for expected in [
            "/usr/bin/vigor-sim", "/usr/share/man/man1/vigor-sim.1.gz", "/usr/share/zsh/vendor-completions/_vigor-sim",
            "/usr/share/vigord/scenarios/steady-85-percent.json", "/usr/share/doc/vigord-tools/copyright",
        ] {
            #expect(tools.contains(expected), "vigord-tools lacks \(expected)")
        }
        #expect(tools.filter { $0.hasPrefix("/usr/bin/") && $0 != "/usr/bin/" }.sorted() == ["/usr/bin/vigor-sim"])
        #expect(!paths.contains { $0.hasSuffix(".manifest") })
        #expect(try runCommand(dpkgDeb ?? "", ["--info", debPath ?? "", "conffiles"]).stdout == "/etc/vigor/config.toml\n")
    }

    @Test(.timeLimit(.minutes(10)))
    func theInstalledDebRunsTheDemoAndPurgeLeavesNothingBehind() throws {
        let status = try runCommand("/usr/bin/dpkg-query", ["-W", "-f=${Status}", "vigord"]).stdout
        try #require(!status.hasSuffix(" installed"), "a vigord package is installed here already; this test installs and purges its own")
        let packaged = try packagedPaths().union(try packagedPaths(toolsDebPath))
        let existing = packaged.filter { FileManager.default.fileExists(atPath: $0) }
        let installed = try runMerged(dpkg ?? "", ["-i", debPath ?? "", toolsDebPath ?? ""])
        try #require(installed.status == 0, "dpkg -i failed:\n\(installed.output)")
        var purged = false
        defer { if !purged { _ = try? runMerged(dpkg ?? "", ["--purge", "vigord", "vigord-tools"]) } }

        let version = try runCommand("/usr/bin/vigord", ["--version"])
        #expect(version.status == 0)
        #expect(version.stdout.trimmingCharacters(in: .whitespacesAndNewlines) == (try field("Version")))
        let enabled = try runCommand("/usr/bin/find", ["/etc/systemd", "-name", "vigor*"]).stdout
        #expect(enabled.isEmpty, "installing enabled units:\n\(enabled)")

        // Only Scripts/test sets VIGOR_DEB, after Scripts/bootstrap installed systemd: a missing systemd-analyze fails.
        let analyze = try #require(analyzeTool, "systemd-analyze is not installed (apt-get install systemd)")
        let folder = try systemdFolder("systemdsystemunitdir")
        let system = ["vigord.service", "vigord.socket", "vigor-morning.timer", "vigor-morning.service", "vigor-weekly.timer", "vigor-weekly.service"]
            .map { folder + "/" + $0 }
        let verify = try runCommand(analyze, ["verify"] + system)
        #expect(verify.status == 0 && verify.stderr.isEmpty, "\(verify.stderr)")
        let output = try makeScratchFolder("deb-generator")
        let generated = try runCommand(try systemdFolder("systemdsystemgeneratordir") + "/vigord-timer-generator", [output, output, output])
        #expect(generated.status == 0, "the generator fails on the installed configuration: \(generated.stderr)")
        #expect(try String(contentsOfFile: output + "/vigor-morning.timer.d/10-schedule.conf", encoding: .utf8)
            .contains("OnCalendar=*-*-* 06:00:00\n"))
        #expect(try String(contentsOfFile: output + "/vigor-weekly.timer.d/10-schedule.conf", encoding: .utf8)
            .contains("OnCalendar=Sun *-*-* 21:00:00\n"))

        let simulated = try runCommand("/usr/bin/vigor-sim", ["/usr/share/vigord/scenarios/steady-85-percent.json"])
        #expect(simulated.status == 0 && simulated.stdout.contains("Final:"), "\(simulated.stderr)")
        let manual = try runCommand(Binaries.tool("man") ?? "/usr/bin/man", ["-w", "5", "vigord.conf"])
        #expect(manual.stdout == "/usr/share/man/man5/vigord.conf.5.gz\n", "\(manual.stderr)")

        let demo = try runMerged(Repository.path("Scripts/demo"), ["--bin", "/usr/bin"])
        #expect(demo.status == 0, "Scripts/demo --bin /usr/bin failed:\n\(demo.output.suffix(3000))")
        #expect(demo.output.contains("demo: stopping vigord"))

        let removal = try runMerged(dpkg ?? "", ["--purge", "vigord", "vigord-tools"])
        purged = removal.status == 0
        #expect(removal.status == 0, "\(removal.output)")
        #expect(!removal.output.contains("warning"), "dpkg warned while purging:\n\(removal.output)")
        let left = packaged.subtracting(existing).filter { FileManager.default.fileExists(atPath: $0) }
        #expect(left.isEmpty, "purge left \(left.sorted())")
        #expect(!FileManager.default.fileExists(atPath: "/etc/vigor"))
        #expect(!FileManager.default.fileExists(atPath: "/usr/share/vigord"))
        #expect(!(try runCommand("/usr/bin/dpkg-query", ["-W", "-f=${Status}", "vigord"]).stdout.hasSuffix(" installed")))
    }

    @Test(.enabled(if: TestTools.runnable(["lintian"]), "lintian is not installed (Scripts/bootstrap)"))
    func lintianFindsNoErrorInEitherPackage() throws {
        let lintian = try #require(Binaries.tool("lintian"), "lintian is not installed (Scripts/bootstrap installs it)")
        for deb in [debPath, toolsDebPath].compactMap({ $0 }) {
            let report = try runMerged(lintian, ["--fail-on", "error", deb])
            let errors = report.output.split(separator: "\n").filter { $0.hasPrefix("E: ") }
            #expect(report.status == 0 && errors.isEmpty, "lintian \(deb):\n\(report.output)")
        }
    }

    @Test func theCompletionsThePackageInstallsWorkInARealZshAndFish() throws {
        let unpacked = try makeScratchFolder("deb-completions")
        #expect(try runCommand(dpkgDeb ?? "", ["-x", debPath ?? "", unpacked]).status == 0)
        let binaries = unpacked + "/usr/bin"
        let zsh = try CompletionShells.zsh("vigorctl tr", fpath: unpacked + "/usr/share/zsh/vendor-completions", binaries: binaries)
        #expect(Set(zsh) == ["travel", "triage", "trust"], "\(zsh)")
        let fish = try CompletionShells.fish(
            "vigorctl triage answer --reason ", file: unpacked + "/usr/share/fish/vendor_completions.d/vigorctl.fish", binaries: binaries)
        #expect(fish == ["bad-time", "life-happened", "unwell", "skip"], "\(fish)")
    }
}
