import Foundation
import Testing

private let packageRoot = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

/// The daemon's edge: requests are decoded and replies built (`API/`, its views in `API/Views/`) and framed (`Socket/`).
private let edge = ["Sources/VigorDaemon/API/", "Sources/VigorDaemon/Socket/"]

/// Files away from the edge that use the wire module because its type is the one type of its idea, each with why.
private let wireVocabularyBesideTheEdge: [String: String] = [
    "Sources/VigorDaemon/Daemon/Daemon.swift":
        "vigord's start: hands the local API's router to the socket server (RPCDispatcher), reports the version vigorctl reports (VigorVersion) and finds the socket as vigorctl does (SocketLocation)",
    "Sources/VigorDaemon/Config/FoldersInForce.swift":
        "resolves the socket's path with the rule vigorctl uses (SocketLocation), so the two find the same socket",
    "Sources/VigorDaemon/Daemon/TestClock.swift":
        "reads VIGORD_CLOCK_START with the one RFC 3339 parser (RPCTimestamp), so the test hook takes the times the API writes",
    "Sources/VigorDaemon/Notifications/CommandSink.swift":
        "writes the [notify] command's line with the one JSON encoder (RPCCoding: sorted keys, slashes unescaped)",
]

/// The wire module (VigorRPC) is the daemon's edge: its inner parts return domain values, and only the local API turns
/// them into wire types. A file elsewhere in VigorDaemon that imports it builds a reply away from its request.
@Test func onlyTheAPIAndTheSocketImportTheWireModule() throws {
    var found: [String] = []
    var allowedAndImporting: Set<String> = []
    var scanned = 0
    for file in swiftFiles(under: packageRoot.appendingPathComponent("Sources/VigorDaemon")) {
        let path = file.path.replacingOccurrences(of: packageRoot.path + "/", with: "")
        scanned += 1
        guard !edge.contains(where: { path.hasPrefix($0) }) else { continue }
        guard importsTheWireModule(try String(contentsOf: file, encoding: .utf8)) else { continue }
        if wireVocabularyBesideTheEdge[path] != nil {
            allowedAndImporting.insert(path)
        } else {
            found.append(path)
        }
    }
    #expect(scanned > 100, "only \(scanned) files were read under Sources/VigorDaemon")
    #expect(found.isEmpty, "VigorRPC imported outside API/ and Socket/ (return a domain value; its view goes in API/Views): \(found.sorted())")
    let stale = Set(wireVocabularyBesideTheEdge.keys).subtracting(allowedAndImporting)
    #expect(stale.isEmpty, "allowed to import VigorRPC but no longer does (take the entry out): \(stale.sorted())")
}

@Test func anImportOfTheWireModuleIsFoundHoweverItIsSpelled() {
    let importing = [
        "import VigorRPC", "@testable import VigorRPC", "import struct VigorRPC.RPCTimestamp", "internal import VigorRPC",
        "public import VigorRPC", "@_exported import VigorRPC", "import Foundation\n  import VigorRPC // for the encoder",
    ]
    let others = [
        "import VigorDaemon", "// import VigorRPC", "/// `VigorRPC` is imported only by API/", "import VigorRPCExtras",
        #"let line = "import VigorRPC""#,
    ]
    #expect(importing.filter { !importsTheWireModule($0) } == [])
    #expect(others.filter { importsTheWireModule($0) } == [])
}

/// Whether `source` has an import of VigorRPC: plain, `@testable` or `@_exported`, with an access level, or of one
/// of its declarations (`import struct VigorRPC.RPCTimestamp`).
private func importsTheWireModule(_ source: String) -> Bool {
    source.split(separator: "\n").contains { line in
        line.contains(
            /^\s*(?:@\w+\s+)*(?:(?:public|package|internal|fileprivate|private)\s+)?import\s+(?:(?:struct|class|enum|protocol|func|var|let|typealias)\s+)?VigorRPC(?![\w])/)
    }
}

private func swiftFiles(under folder: URL) -> [URL] {
    let walker = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil)
    return (walker?.allObjects as? [URL] ?? []).filter { $0.pathExtension == "swift" }
}
