import Foundation
import TestPrograms
import Testing

/// vigorctl and the modules it imports (the wire module, the vocabulary, the file writer) use FoundationEssentials at
/// most: no ICU, no FoundationInternationalization, no networking, so the static vigorctl stays small and starts fast.
@Suite(.removesScratchFolders)
struct ThinClientTests {
    /// Each `import Foundation…` line of the Swift files under `folder`, with the line before it.
    private func foundationImports(under folder: String) throws -> [(file: String, line: String, before: String)] {
        let root = Repository.path(folder)
        var found: [(file: String, line: String, before: String)] = []
        for name in try FileManager.default.subpathsOfDirectory(atPath: root) where name.hasSuffix(".swift") {
            let lines = try String(contentsOfFile: root + "/" + name, encoding: .utf8).split(separator: "\n", omittingEmptySubsequences: false)
            for (index, line) in lines.enumerated() where line.hasPrefix("import Foundation") || line.contains(" import Foundation") {
                found.append((folder + "/" + name, String(line), index > 0 ? String(lines[index - 1]) : ""))
            }
        }
        return found
    }

    @Test(arguments: ["Sources/vigorctl", "Sources/VigorRPC", "Sources/CivilCalendar", "Sources/SafeFiles"])
    func importsFoundationEssentialsAtMost(folder: String) throws {
        for found in try foundationImports(under: folder) {
            let essentials = found.line == "import FoundationEssentials"
            // `import Foundation` only as the fallback where FoundationEssentials does not exist (Darwin).
            let fallback = found.line == "import Foundation" && found.before == "#else"
            #expect(essentials || fallback, "\(found.file): \(found.line)")
        }
    }

    @Test func theBuiltVigorctlLoadsNoFoundationBeyondEssentials() throws {
        let dynamic = try runCommand("/usr/bin/readelf", ["-d", Binaries.vigorctl]).stdout
        let needed = dynamic.split(separator: "\n").filter { $0.contains("(NEEDED)") }
        #expect(!needed.isEmpty, "\(dynamic)")
        for library in ["libFoundation.so", "libFoundationInternationalization", "lib_FoundationICU", "libFoundationNetworking", "libcurl"] {
            #expect(!needed.contains { $0.contains(library) }, "vigorctl loads \(library)")
        }
    }
}
