import Foundation
import TestPrograms
import Testing

private let packageRoot = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

/// Modules every target may import without declaring them.
private let platformModules: Set<String> = [
    "Foundation", "FoundationEssentials", "FoundationNetworking", "FoundationXML", "Glibc", "Musl", "Darwin", "Dispatch",
    "Synchronization", "Testing", "XCTest",
]

/// SwiftPM does not always refuse an import a target has not declared (a module built earlier is found
/// anyway), so the layer map in Package.swift is checked here against the imports themselves.
@Test(.removesScratchFolders) func everyImportIsADependencyPackageSwiftDeclares() throws {
    let manifest = try String(contentsOf: packageRoot.appendingPathComponent("Package.swift"), encoding: .utf8)
    let targets = declaredDependencies(in: manifest)
    #expect(targets["VigorDaemon"] != nil && targets["vigorctl"] != nil, "Package.swift was not read: \(targets.keys.sorted())")
    var undeclared: [String] = []
    var scanned = 0
    for (target, declared) in targets {
        let folder = ["Sources/\(target)", "Tests/\(target)"].map { packageRoot.appendingPathComponent($0) }
            .first { FileManager.default.fileExists(atPath: $0.path) }
        guard let folder else { continue }
        for file in swiftFiles(under: folder) {
            scanned += 1
            for module in imports(in: try String(contentsOf: file, encoding: .utf8))
            where module != target && !declared.contains(module) && !platformModules.contains(module) {
                undeclared.append("\(file.path.replacingOccurrences(of: packageRoot.path + "/", with: "")) imports \(module)")
            }
        }
    }
    #expect(scanned > 300, "only \(scanned) files were read under Sources/ and Tests/")
    #expect(undeclared.isEmpty, "imports missing from Package.swift: \(undeclared.sorted())")
}

@Test(.removesScratchFolders) func vigorctlImportsTheClientLibraryAndNothingOfTheDaemon() throws {
    let folder = packageRoot.appendingPathComponent("Sources/vigorctl")
    let modules = try Set(swiftFiles(under: folder).flatMap { imports(in: try String(contentsOf: $0, encoding: .utf8)) })
    // Besides the client library, only leaves with no daemon in them: the vocabulary, the file writer and the one way
    // to start a program.
    #expect(modules.subtracting(platformModules) == ["VigorRPC", "ArgumentParser", "CivilCalendar", "SafeFiles", "ChildProcesses"])
}

/// What the simulator, and the two modules it shares with the daemon, may link: nothing of the daemon (no sockets,
/// services, store or wire types), so the simulator runs the daemon's own reader and translation, not the daemon.
private let besideTheDaemon: [String: Set<String>] = [
    "vigor-sim": [
        "ArgumentParser", "CalendarPlanning", "ChildProcesses", "CivilCalendar", "GhostEngine", "GhostScheduling", "GhostSimulation",
        "ICalendarKit", "VigorConfig", "VigorRPC",
    ],
    // The configuration: its values, key table and reader.
    "VigorConfig": ["CivilCalendar", "GhostEngine", "GhostScheduling", "HealthImport", "ICalendarKit", "TOMLKit"],
    // What the calendars say about a week picture's days.
    "CalendarPlanning": ["CivilCalendar", "GhostEngine", "GhostScheduling", "ICalendarKit"],
]

@Test func theSimulatorReadsTheConfigurationAndCalendarsWithoutTheDaemon() throws {
    let manifest = try String(contentsOf: packageRoot.appendingPathComponent("Package.swift"), encoding: .utf8)
    let (breaches, scanned) = try linksBesideTheDaemon(root: packageRoot, manifest: manifest)
    #expect(scanned > 30, "only \(scanned) files were read under Sources/vigor-sim, Sources/VigorConfig and Sources/CalendarPlanning")
    #expect(breaches.isEmpty, "\(breaches)")
}

@Test(.removesScratchFolders) func aDaemonModuleTheSimulatorOrItsModulesWouldLinkIsFound() throws {
    let root = URL(fileURLWithPath: try ScratchFolder.make("beside-the-daemon"))
    for (folder, source) in [
        ("vigor-sim", "import GhostSimulation\nimport VigorDaemon\n"), ("VigorConfig", "@testable import Store\n"),
        ("CalendarPlanning", "import CivilCalendar\n// import VigorRPC\n"),
    ] {
        let url = root.appendingPathComponent("Sources/\(folder)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        try source.write(to: url.appendingPathComponent("Planted.swift"), atomically: true, encoding: .utf8)
    }
    let manifest = """
        .target(name: "VigorConfig", dependencies: ["CivilCalendar", .product(name: "NIOCore", package: "swift-nio")]),
        .target(name: "CalendarPlanning", dependencies: ["CivilCalendar"]),
        .executableTarget(name: "vigor-sim", dependencies: ["GhostSimulation", "VigorDaemon"]),
        """
    let (breaches, scanned) = try linksBesideTheDaemon(root: root, manifest: manifest)
    #expect(scanned == 3)
    #expect(breaches.sorted() == [
        "Package.swift: VigorConfig depends on NIOCore", "Package.swift: vigor-sim depends on VigorDaemon",
        "Sources/VigorConfig/Planted.swift imports Store", "Sources/vigor-sim/Planted.swift imports VigorDaemon",
    ])
}

/// Each dependency `manifest` declares, and each import under `root`'s `Sources/`, of the targets in `besideTheDaemon`
/// that is not among those it may link; and how many files were read.
private func linksBesideTheDaemon(root: URL, manifest: String) throws -> (breaches: [String], scanned: Int) {
    let declared = declaredDependencies(in: manifest)
    var breaches: [String] = []
    var scanned = 0
    for (target, allowed) in besideTheDaemon {
        guard let dependencies = declared[target] else {
            breaches.append("Package.swift: no target \(target)")
            continue
        }
        breaches += dependencies.subtracting(allowed).sorted().map { "Package.swift: \(target) depends on \($0)" }
        for file in swiftFiles(under: root.appendingPathComponent("Sources/\(target)")) {
            scanned += 1
            for module in imports(in: try String(contentsOf: file, encoding: .utf8))
            where !allowed.contains(module) && !platformModules.contains(module) {
                breaches.append("\(file.path.replacingOccurrences(of: root.path + "/", with: "")) imports \(module)")
            }
        }
    }
    return (breaches, scanned)
}

/// Foundation's `Process` learns that a program ended only when a socket the program inherited closes. Started while
/// another thread starts a second program, a long-running one (a daemon, a notify command's child, a test's server)
/// inherits that socket too, and the first program's end is then never seen. vigord, its tools and its tests start
/// every program through `ChildProcess`, which closes everything but the three standard streams in the program.
@Test func everyProgramIsStartedThroughChildProcess() throws {
    var found: [String] = []
    var scanned: [String: Int] = [:]
    var childProcessUsers = 0
    for folder in ["Sources", "Tests"] {
        for file in swiftFiles(under: packageRoot.appendingPathComponent(folder)) where !["ChildProcess.swift", "ImportGraphTests.swift"].contains(file.lastPathComponent) {
            let text = try String(contentsOf: file, encoding: .utf8)
            scanned[folder, default: 0] += 1
            if text.contains("ChildProcess(") { childProcessUsers += 1 }
            let lines = text.split(separator: "\n")
            for line in lines where !line.trimmingCharacters(in: .whitespaces).hasPrefix("//") && startsAProgram(line) {
                found.append("\(file.lastPathComponent): \(line.trimmingCharacters(in: .whitespaces))")
            }
        }
    }
    #expect(scanned["Sources", default: 0] > 100 && scanned["Tests", default: 0] > 100, "files read: \(scanned)")
    #expect(childProcessUsers > 5, "the files that start programs were not among those read")
    #expect(found.isEmpty, "\(found)")
}

@Test func aProgramStartIsFoundHoweverItIsSpelled() {
    let starts = [
        "let run = Process()", "var runs: [Process] = []", "typealias Runner = Foundation.Process",
        "let spawned = posix_spawn(&child, tool, nil, nil, argv, environ)", "_ = Glibc.posix_spawn(&child, tool, nil, nil, argv, environ)",
        "let spawned = posix_spawnp(&child, tool, nil, nil, argv, environ)",
    ]
    let others = [
        "let child = try ChildProcess(executable: tool, arguments: [])", "var environment = ProcessInfo.processInfo.environment",
        "hook = try HookProcess(arguments: arguments)", "posix_spawn_file_actions_init(&actions)", "// Foundation's `Process` is gone",
    ]
    #expect(starts.filter { !startsAProgram($0[...]) } == [])
    #expect(others.filter { startsAProgram($0[...]) } == [])
}

/// Foundation's `Process` as a type or a call (also as `Foundation.Process`), and posix_spawn or posix_spawnp itself;
/// not ProcessInfo, not ChildProcess.
private func startsAProgram(_ line: Substring) -> Bool {
    line.contains(/(^|[^\w`])(Process(?![\w`])|posix_spawnp?\()/)
}

/// On Linux, libdispatch can crash its manager thread when read sources on descriptors are set up and torn down on
/// several threads (URLSession's sockets, `FileHandle.readabilityHandler`): no code of vigord's uses them.
@Test func noCodeWatchesADescriptorWithADispatchSource() throws {
    let words = ["FoundationNetworking", "URLSession", "readabilityHandler", "writeabilityHandler", "makeReadSource", "makeWriteSource", "DispatchIO"]
    var found: [String] = []
    let files = swiftFiles(under: packageRoot.appendingPathComponent("Sources"))
    #expect(files.count > 100, "only \(files.count) files under Sources/")
    for file in files {
        let lines = try String(contentsOf: file, encoding: .utf8).split(separator: "\n")
        for line in lines where !line.trimmingCharacters(in: .whitespaces).hasPrefix("//") {
            for word in words where line.contains(word) {
                found.append("\(file.lastPathComponent): \(word)")
            }
        }
    }
    #expect(found.isEmpty, "\(found)")
}

/// Each target's name and the modules its `dependencies:` list names (targets and products).
private func declaredDependencies(in manifest: String) -> [String: Set<String>] {
    var result: [String: Set<String>] = [:]
    let target = /\.(?:target|executableTarget|testTarget|systemLibrary)\(\s*name:\s*"([^"]+)"/
    for match in manifest.matches(of: target) {
        let name = String(match.1)
        let rest = manifest[match.range.upperBound...]
        // The call's own text: up to the parenthesis that closes it.
        var depth = 1
        var end = rest.startIndex
        for index in rest.indices {
            if rest[index] == "(" { depth += 1 }
            if rest[index] == ")" { depth -= 1 }
            if depth == 0 {
                end = index
                break
            }
        }
        let call = rest[..<end]
        var names: Set<String> = []
        if let list = call.firstMatch(of: /dependencies:\s*\[([^\]]*)\]/) {
            // A product's package (`package: "swift-nio"`) is not a module.
            let modules = String(list.1).replacing(/package:\s*"[^"]*"/, with: "")
            for item in modules.matches(of: /(?:\.product\(name:\s*)?"([^"]+)"/) { names.insert(String(item.1)) }
        }
        result[name] = names
    }
    return result
}

private func swiftFiles(under folder: URL) -> [URL] {
    let walker = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil)
    return (walker?.allObjects as? [URL] ?? []).filter { $0.pathExtension == "swift" }
}

private func imports(in source: String) -> [String] {
    source.split(separator: "\n").compactMap { line in
        line.firstMatch(of: /^(?:@testable\s+)?import\s+(?:(?:struct|class|enum|protocol|func|var|let|typealias)\s+)?([A-Za-z_][A-Za-z0-9_]*)/)
            .map { String($0.1) }
    }
}
