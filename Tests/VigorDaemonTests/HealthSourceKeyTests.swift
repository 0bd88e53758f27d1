import Foundation
import HealthImport
import Testing

@testable import VigorDaemon
@testable import VigorConfig

/// `[[health.source]]`: files and folders a phone or a watch keeps up to date, each named once, read as they change.
@Suite(.removesScratchFolders)
struct HealthSourceKeyTests {
    @Test func eachSourceIsReadWithItsNameItsPathResolvedAndItsFormat() throws {
        let config = try parseConfig("""
            [health]
            drop_folder = "drops"
            [[health.source]]
            name = "phone"
            path = "sync/Gadgetbridge.db"
            format = "gadgetbridge"
            [[health.source]]
            name = "watch"
            path = "/run/media/me/GARMIN/GARMIN/Activity"
            """)
        #expect(config.health.sources == [
            HealthSourceEntry(name: "phone", path: "/etc/vigor/sync/Gadgetbridge.db", format: .gadgetbridge),
            HealthSourceEntry(name: "watch", path: "/run/media/me/GARMIN/GARMIN/Activity"),
        ])
        #expect(config.health.dropFolderPath == "/etc/vigor/drops")
    }

    @Test func aSourceWithoutAPathIsRefusedAtItsLine() {
        let error = configFailure("[[health.source]]\nname = \"phone\"\n")
        #expect(error?.line == 1)
        #expect(error?.message.contains("health source 'phone' needs a path") == true, "\(String(describing: error))")
    }

    @Test func twoSourcesOfOneNameAreRefused() {
        let error = configFailure("[[health.source]]\nname = \"a\"\npath = \"x\"\n[[health.source]]\nname = \"a\"\npath = \"y\"\n")
        #expect(error?.line == 5)
        #expect(error?.message.contains("the name 'a' is used by another health source") == true)
    }

    @Test func aMisspelledFormatIsNamedWithTheClosestOne() {
        let error = configFailure("[[health.source]]\nname = \"a\"\npath = \"x\"\nformat = \"gadgetbrige\"\n")
        #expect(error?.line == 4)
        #expect(error?.key == "health.source[0].format")
        #expect(error?.message.contains("(did you mean \"gadgetbridge\"?)") == true, "\(String(describing: error))")
    }

    @Test func vigorctlConfigShowsEachSourceAsTheFileGaveItWithItsLine() throws {
        let text = "[[health.source]]\nname = \"phone\"\npath = \"/sync/phone\"\nformat = \"health-auto-export\"\n"
        let shown = EffectiveConfigView.build(
            try parseConfig(text), origin: .file, path: "/etc/vigor/config.toml", locator: TOMLKeyLocator(text: text))
        let sources = try #require(shown.tables.first { $0.name == "health.source" })
        #expect(sources.keys.map(\.value) == [#"{ name = "phone", path = "/sync/phone", format = "health-auto-export" }"#])
        #expect(sources.keys.first?.source == "/etc/vigor/config.toml:1")
    }

    @Test func changedSourcesWaitForARestart() throws {
        let running = try parseConfig("[[health.source]]\nname = \"phone\"\npath = \"/a\"\n")
        let file = try parseConfig("[[health.source]]\nname = \"phone\"\npath = \"/b\"\n")
        let settled = RestartOnlyKeys.settle(file: file, running: running)
        #expect(settled.needsRestart == ["health.source"])
        #expect(settled.inForce.health.sources == running.health.sources)
    }
}
