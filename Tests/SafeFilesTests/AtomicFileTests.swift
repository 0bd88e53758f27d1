import Foundation
import TestPrograms
import SafeFiles
import Testing

#if canImport(Glibc)
import Glibc
#endif

private func scratchFolder() throws -> String {
    try ScratchFolder.make("safefiles")
}

@Test(.removesScratchFolders) func aLinkPlantedAtTheTargetIsReplacedAndItsTargetLeftAlone() throws {
    let folder = try scratchFolder()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let victim = folder + "/victim"
    try Data("precious".utf8).write(to: URL(fileURLWithPath: victim))
    #expect(symlink(victim, folder + "/image.svg") == 0)
    try AtomicFile.write(Array("<svg/>".utf8), to: folder + "/image.svg")
    #expect(try String(contentsOfFile: victim, encoding: .utf8) == "precious")
    var status = stat()
    #expect(lstat(folder + "/image.svg", &status) == 0 && status.st_mode & S_IFMT == S_IFREG)
    #expect(try String(contentsOfFile: folder + "/image.svg", encoding: .utf8) == "<svg/>")
    #expect(try FileManager.default.contentsOfDirectory(atPath: folder).sorted() == ["image.svg", "victim"])
}

@Test(.removesScratchFolders) func aFolderPlantedAsALinkIsRefusedWhenOnlyVigordWritesThere() throws {
    let folder = try scratchFolder()
    let elsewhere = try scratchFolder()
    defer {
        try? FileManager.default.removeItem(atPath: folder)
        try? FileManager.default.removeItem(atPath: elsewhere)
    }
    #expect(symlink(elsewhere, folder + "/own.d") == 0)
    let error = #expect(throws: AtomicFileError.self) { try AtomicFile.createFolder(folder + "/own.d", refusingLink: true) }
    #expect(error?.reason == "it is a symbolic link, not a folder")
    try AtomicFile.createFolder(folder + "/own.d")
}

@Test(.removesScratchFolders) func missingFoldersAreCreatedWithTheirParents() throws {
    let folder = try scratchFolder()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    try AtomicFile.createFolder(folder + "/a/b/c", refusingLink: true)
    try AtomicFile.write(Data("x".utf8), to: folder + "/a/b/c/file")
    #expect(try String(contentsOfFile: folder + "/a/b/c/file", encoding: .utf8) == "x")
}

@Test(.removesScratchFolders) func aWriteIntoAMissingFolderFailsAndSaysWhere() throws {
    let error = #expect(throws: AtomicFileError.self) { try AtomicFile.write([1], to: "/nonexistent-folder/file") }
    #expect(error?.description.hasPrefix("cannot write /nonexistent-folder/file: cannot create a file in /nonexistent-folder") == true)
    #expect(throws: AtomicFileError.self) { try AtomicFile.write([1], to: "/tmp/..") }
}

@Test(.removesScratchFolders) func onlyATempFileOfAnInterruptedWriteNamesItsTarget() {
    let uuid = UUID().uuidString
    #expect(AtomicFile.interruptedTarget(of: ".block.ics.\(uuid).tmp") == "block.ics")
    #expect(AtomicFile.interruptedTarget(of: ".block.ics.not-a-uuid-at-all-but-thirty-six-c.tmp") == nil)
    #expect(AtomicFile.interruptedTarget(of: "block.ics.\(uuid).tmp") == nil)
}

@Test(.removesScratchFolders) func aFIFOIsRefusedAsNotARegularFileWithoutWaitingForAWriter() throws {
    let folder = try scratchFolder()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    #expect(mkfifo(folder + "/pipe", 0o600) == 0)
    let read = try withinDeadline(10, "reading a FIFO") { Result { () throws(RegularFileError) in try RegularFile.read(folder + "/pipe") } }
    #expect(throws: RegularFileError.notRegular(kind: "a FIFO (named pipe)")) { try read.get() }
}

@Test(.removesScratchFolders) func aLinkIsReadOnlyWhenLinksMayBeFollowed() throws {
    let folder = try scratchFolder()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    try Data("text".utf8).write(to: URL(fileURLWithPath: folder + "/real"))
    #expect(symlink(folder + "/real", folder + "/link") == 0)
    #expect(try RegularFile.read(folder + "/link") == Data("text".utf8))
    #expect(throws: RegularFileError.cannotOpen(errno: ELOOP)) { try RegularFile.read(folder + "/link", followLinks: false) }
    #expect(RegularFileError.cannotOpen(errno: ENOENT).description == "no such file")
}
