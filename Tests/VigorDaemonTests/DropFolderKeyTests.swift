import Foundation
import TestPrograms
import Testing

@testable import VigorDaemon

/// `[health] drop_folder` names the folder health files are dropped into; its old name `inbox` (which the
/// notification inbox also bears) is still read, with a warning that names the new key.
@Suite(.removesScratchFolders)
struct DropFolderKeyTests {
    @Test func theDropFolderKeyIsReadWithoutAWarning() throws {
        let config = try parseConfig("[health]\ndrop_folder = \"drops\"\n")
        #expect(config.health.dropFolderPath == "/etc/vigor/drops")
        #expect(config.deprecations.isEmpty)
    }

    @Test func theOldInboxKeyStillNamesTheFolderAndWarnsWithItsLineAndTheNewKey() throws {
        let config = try parseConfig("[schedule]\nmorning = \"06:00\"\n[health]\ninbox = \"drops\"\n")
        #expect(config.health.dropFolderPath == "/etc/vigor/drops")
        #expect(config.deprecations.count == 1)
        let warning = try #require(config.deprecations.first)
        #expect(warning.hasPrefix("config.toml:4: key 'health.inbox'"), "\(warning)")
        #expect(warning.contains("drop_folder"))
    }

    @Test func bothNamesAtOnceAreRefused() {
        let error = configFailure("[health]\ndrop_folder = \"a\"\ninbox = \"b\"\n")
        #expect(error?.key == "health.inbox")
        #expect(error?.message.contains("give only drop_folder") == true)
    }
}
