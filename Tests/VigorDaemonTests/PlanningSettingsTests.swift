import Foundation
import GhostScheduling
import TestPrograms
import Testing

@testable import VigorDaemon
@testable import VigorConfig

/// The planning settings are read from the configuration in one place, so the pictures a replan, the holds, a
/// check-in and the absolution decide on carry the same ones as a cycle's: `[profile]` included.
@Test(.removesScratchFolders) func thePictureAReplanAndTheHoldsDecideOnCarriesTheConfiguredProfile() async throws {
    let now = Date(timeIntervalSince1970: 1_795_629_600)  // Wednesday 2026-11-25 19:00 Berlin
    let folder = try ScratchFolder.make("planning-settings")
    let path = folder + "/config.toml"
    let text = "[schedule]\ntimezone = \"Europe/Berlin\"\n[profile]\ninjuries = [\"left knee\"]\n[calendar.hold]\ndefend_hours = 12\n"
    try text.write(toFile: path, atomically: true, encoding: .utf8)
    let read = try ConfigLoader.read(path: path, mayBeMissing: false)
    let context = try makeTestContext(config: read.config, now: now, configPath: path, origin: read.origin)
    let settings = WeekPictureReader.Settings(await context.state.config)
    #expect(settings.zone.identifier == "Europe/Berlin")
    #expect(settings.hold.defendHours == 12)
    #expect(settings.profile == read.config.profile.trainingProfile)
    #expect(settings.profile != TrainingProfile(), "the configured profile rules something out")
    let picture = try await context.backend.replanner.picture(now: now, settings: settings)
    #expect(picture.profile == read.config.profile.trainingProfile)
}
