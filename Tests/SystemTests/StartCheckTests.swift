import Foundation
import TestPrograms
import Testing

/// `vigord --check-config` runs exactly the start's checks: what a start refuses, the check refuses with the same
/// `file:line: key` message and exit 78, and the start says so before it binds its socket or says "ready".
@Suite(.removesScratchFolders) struct StartCheckTests {
    /// Runs the check and the start on `config` (written into a scratch folder as config.toml; `FOLDER` stands for
    /// that folder) and returns both answers and the file's path.
    private func checkAndStart(_ config: String, label: String, prepare: (String) throws -> Void = { _ in })
        throws -> (check: (status: Int32, stdout: String, stderr: String), start: (status: Int32, stdout: String, stderr: String), path: String, folder: String)
    {
        let folder = try makeScratchFolder(label)
        try prepare(folder)
        let path = folder + "/config.toml"
        let text = config.replacingOccurrences(of: "FOLDER", with: folder) + "\n[health]\ndrop_folder = \"\(folder)/inbox\"\n"
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        let check = try runCommand(Binaries.vigord, ["--check-config", "--config", path])
        let start = try runCommand(
            Binaries.vigord, ["--config", path, "--socket", folder + "/s.sock", "--state-dir", folder + "/state"],
            environment: try TestNow.vigordEnvironment())
        #expect(!FileManager.default.fileExists(atPath: folder + "/s.sock"))
        #expect(!start.stderr.contains("ready"))
        #expect(!FileManager.default.fileExists(atPath: folder + "/state/vigor.sqlite"), "refused before the database is opened")
        return (check, start, path, folder)
    }

    @Test func anOutputPathThatIsAFileIsRefusedByTheCheckAndTheStartAlike() throws {
        let answers = try checkAndStart(
            "[calendar.output]\npath = \"FOLDER/calendars\"", label: "outfile",
            prepare: { folder in try "not a folder".write(toFile: folder + "/calendars", atomically: true, encoding: .utf8) })
        let message = "\(answers.path):2: key 'calendar.output.path': vigord's calendar \(answers.folder)/calendars is a regular file, not a folder"
        #expect(answers.check.status == 78)
        #expect(answers.check.stderr.contains(message), "\(answers.check.stderr)")
        #expect(answers.start.status == 78)
        #expect(answers.start.stderr.contains(message), "\(answers.start.stderr)")
    }

    @Test func aShadowInsideTheOutputIsRefusedByTheCheckAndTheStartAlike() throws {
        let answers = try checkAndStart(
            "[calendar.output]\npath = \"FOLDER/calendars\"\n[calendar.shadow]\npath = \"FOLDER/calendars/busy\"", label: "shadowin")
        let message = "\(answers.path):4: key 'calendar.shadow.path': \(answers.folder)/calendars/busy must lie outside [calendar.output] path"
        #expect(answers.check.status == 78)
        #expect(answers.check.stderr.contains(message), "\(answers.check.stderr)")
        #expect(answers.start.status == 78)
        #expect(answers.start.stderr.contains(message), "\(answers.start.stderr)")
    }

    @Test func aShadowPathThatCannotBeCreatedIsRefusedByTheCheckAndTheStartAlike() throws {
        let answers = try checkAndStart(
            "[calendar.output]\npath = \"FOLDER/calendars\"\n[calendar.shadow]\npath = \"FOLDER/notes.txt/busy\"", label: "shadowfile",
            prepare: { folder in try "a file".write(toFile: folder + "/notes.txt", atomically: true, encoding: .utf8) })
        let message = "\(answers.path):4: key 'calendar.shadow.path': the shadow calendar \(answers.folder)/notes.txt/busy cannot be created: "
            + "\(answers.folder)/notes.txt is a regular file, not a folder"
        #expect(answers.check.status == 78)
        #expect(answers.check.stderr.contains(message), "\(answers.check.stderr)")
        #expect(answers.start.status == 78)
        #expect(answers.start.stderr.contains(message), "\(answers.start.stderr)")
    }

    @Test func aValidConfigurationPassesTheCheckAndCreatesNothing() throws {
        let folder = try makeScratchFolder("checkok")
        let path = folder + "/config.toml"
        try "[calendar.output]\npath = \"\(folder)/calendars\"\n[health]\ndrop_folder = \"\(folder)/inbox\"\n"
            .write(toFile: path, atomically: true, encoding: .utf8)
        let check = try runCommand(Binaries.vigord, ["--check-config", "--config", path])
        #expect(check.status == 0, "\(check.stderr)")
        #expect(!FileManager.default.fileExists(atPath: folder + "/calendars"))
        #expect(!FileManager.default.fileExists(atPath: folder + "/inbox"))
    }
}
