import Foundation
import TestPrograms
import Testing

/// config/config.toml as vigord reads it; that it lists exactly the keys of the key table is `ConfigKeyDocsTests`.
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
}
