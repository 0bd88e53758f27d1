import Foundation
import TestPrograms
import Testing

/// The keys of config/config.toml: its settings are commented out as `#key = value` under `#[table]` lines.
private func templateKeys(_ text: String) -> Set<String> {
    var keys: Set<String> = []
    var table = ""
    for line in text.split(separator: "\n") where line.hasPrefix("#[") || line.range(of: #"^#[a-z_]+ = "#, options: .regularExpression) != nil {
        if line.hasPrefix("#[") {
            table = line.trimmingCharacters(in: CharacterSet(charactersIn: "#[]"))
        } else {
            keys.insert(table + "." + line.dropFirst().prefix { $0 != " " })
        }
    }
    return keys
}

/// The keys vigord.conf(5) describes: `.It Ic key` items under `.Ss [table]` headings.
private func manualKeys(_ text: String) -> Set<String> {
    var keys: Set<String> = []
    var table = ""
    for line in text.split(separator: "\n") {
        if line.hasPrefix(".Ss [") {
            table = String(line.dropFirst(4).prefix { $0 != " " }).trimmingCharacters(in: CharacterSet(charactersIn: "[]"))
        } else if line.hasPrefix(".It Ic ") {
            keys.insert(table + "." + line.dropFirst(7).prefix { $0 != " " })
        }
    }
    return keys
}

@Suite(.removesScratchFolders) struct ConfigTemplateTests {
    @Test func theTemplateWithEveryLineUncommentedIsAValidConfiguration() throws {
        let folder = try makeScratchFolder("template")
        let uncommented = try Repository.text("config/config.toml").split(separator: "\n", omittingEmptySubsequences: false).map { line in
            line.hasPrefix("#[") || line.range(of: #"^#[a-z_]+ = "#, options: .regularExpression) != nil ? line.dropFirst() : line
        }.joined(separator: "\n")
        try uncommented.write(toFile: folder + "/config.toml", atomically: true, encoding: .utf8)
        let result = try runCommand(Binaries.vigord, ["--check-config", "--config", folder + "/config.toml"])
        #expect(result.status == 0, "uncommented config/config.toml is refused: \(result.stderr)")
        let asShipped = try runCommand(Binaries.vigord, ["--check-config", "--config", Repository.path("config/config.toml")])
        #expect(asShipped.status == 0, "\(asShipped.stderr)")
    }

    @Test func theTemplateListsEveryDocumentedKey() throws {
        let documented = try documentedConfigurationKeys()
        let listed = templateKeys(try Repository.text("config/config.toml"))
        #expect(documented.count > 20)
        #expect(documented.subtracting(listed).isEmpty, "config/config.toml lacks \(documented.subtracting(listed).sorted())")
        let undocumented = listed.subtracting(documented).filter { !$0.hasPrefix("engine.") }
        #expect(undocumented.isEmpty, "config/config.toml has keys Docs/configuration.md does not: \(undocumented.sorted())")
    }

    @Test func theConfigurationManualDescribesExactlyTheDocumentedKeys() throws {
        let documented = try documentedConfigurationKeys()
        let described = manualKeys(try Repository.text("man/vigord.conf.5"))
        #expect(documented.subtracting(described).isEmpty, "man/vigord.conf.5 lacks \(documented.subtracting(described).sorted())")
        #expect(described.subtracting(documented).isEmpty, "man/vigord.conf.5 has keys Docs/configuration.md does not: \(described.subtracting(documented).sorted())")
    }
}
