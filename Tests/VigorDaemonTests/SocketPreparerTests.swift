import Foundation
import TestPrograms
import Testing

@testable import VigorDaemon

#if canImport(Glibc)
import Glibc
#endif

private func temporaryFolder() throws -> String {
    let path = try ScratchFolder.make("sock")
    return path
}

/// Binds a Unix socket at `path`; listening or not decides whether it looks alive.
private func makeSocket(at path: String, listening: Bool) -> Int32 {
    var address = sockaddr_un()
    address.sun_family = sa_family_t(AF_UNIX)
    withUnsafeMutableBytes(of: &address.sun_path) { $0.copyBytes(from: Array(path.utf8)) }
    let descriptor = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
    _ = withUnsafePointer(to: &address) {
        $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
    }
    if listening { listen(descriptor, 1) }
    return descriptor
}

@Test(.removesScratchFolders) func missingFolderIsCreatedOwnerOnly() throws {
    let path = try temporaryFolder() + "/run/vigor/vigord.sock"
    #expect(try SocketPreparer.prepare(path: path) == .fresh)
    let attributes = try FileManager.default.attributesOfItem(atPath: (path as NSString).deletingLastPathComponent)
    #expect((attributes[.posixPermissions] as? Int) == 0o700)
}

@Test(.removesScratchFolders) func staleSocketIsReplaced() throws {
    let path = try temporaryFolder() + "/vigord.sock"
    let descriptor = makeSocket(at: path, listening: false)
    close(descriptor)
    #expect(try SocketPreparer.prepare(path: path) == .replacedStale)
    #expect(!FileManager.default.fileExists(atPath: path))
}

@Test(.removesScratchFolders) func liveSocketIsNeverStolen() throws {
    let path = try temporaryFolder() + "/vigord.sock"
    let descriptor = makeSocket(at: path, listening: true)
    defer { close(descriptor) }
    #expect(throws: DaemonError.socketInUse(path: path)) { try SocketPreparer.prepare(path: path) }
    #expect(FileManager.default.fileExists(atPath: path))
}

@Test(.removesScratchFolders) func regularFileAtTheSocketPathIsLeftAlone() throws {
    let path = try temporaryFolder() + "/vigord.sock"
    try Data("keep me".utf8).write(to: URL(fileURLWithPath: path))
    #expect(throws: DaemonError.socketPathOccupied(path: path, what: "a file")) { try SocketPreparer.prepare(path: path) }
    #expect(try String(contentsOfFile: path, encoding: .utf8) == "keep me")
}

private func mode(of path: String) -> mode_t {
    var status = stat()
    _ = lstat(path, &status)
    return status.st_mode & 0o7777
}

@Test(.removesScratchFolders) func vigordsOwnSocketFolderIsTightenedTo0700WhenItExistsAlready() throws {
    let own = try temporaryFolder() + "/vigor"
    try FileManager.default.createDirectory(atPath: own, withIntermediateDirectories: true)
    chmod(own, 0o755)
    #expect(try SocketPreparer.tightenOwnFolder(path: own + "/vigord.sock", ownFolder: own))
    #expect(mode(of: own) == 0o700)
    #expect(try SocketPreparer.tightenOwnFolder(path: own + "/vigord.sock", ownFolder: own) == false, "already owner-only")
}

@Test(.removesScratchFolders) func aSocketFolderTheUserChoseKeepsItsPermissions() throws {
    let shared = try temporaryFolder()
    chmod(shared, 0o1777)
    #expect(try SocketPreparer.tightenOwnFolder(path: shared + "/x.sock", ownFolder: "/run/user/1000/vigor") == false)
    #expect(mode(of: shared) == 0o1777)
}
