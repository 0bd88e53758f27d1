import Foundation
import Synchronization
import TestPrograms
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// A test's scratch folders go when the test ends: the trait's scope, run here around a body of its own.
@Suite(.removesScratchFolders)
struct ScratchFolderTests {
    /// Runs `body` the way the trait runs a test, and returns what it returned.
    private func endedTest<T: Sendable>(_ body: @escaping @Sendable () throws -> T) async throws -> T {
        let made = Mutex<T?>(nil)
        try await RemovesScratchFolders().provideScope(for: try #require(Test.current), testCase: Test.Case.current) {
            let value = try body()
            made.withLock { $0 = value }
        }
        return try #require(made.withLock { $0 })
    }

    @Test func aScratchFolderIsFreshUnderTmpAndGoneWhenItsTestEnds() async throws {
        let path = try await endedTest {
            let path = try ScratchFolder.make("scratch-check")
            #expect(path.hasPrefix("/tmp/vigor-test-scratch-check-"))
            #expect(FileManager.default.fileExists(atPath: path))
            try FileManager.default.createDirectory(atPath: path + "/a/b", withIntermediateDirectories: true)
            try "x".write(toFile: path + "/a/b/file", atomically: true, encoding: .utf8)
            return path
        }
        #expect(!FileManager.default.fileExists(atPath: path))
    }

    @Test func aFolderATestMadeUnwritableIsGoneToo() async throws {
        let path = try await endedTest {
            let path = try ScratchFolder.make("scratch-unwritable")
            try FileManager.default.createDirectory(atPath: path + "/locked", withIntermediateDirectories: true)
            try "x".write(toFile: path + "/locked/file", atomically: true, encoding: .utf8)
            _ = try UnwritableFolder(path + "/locked")
            return path
        }
        #expect(!FileManager.default.fileExists(atPath: path))
    }

    @Test func aLinkInAScratchFolderIsRemovedWithoutTouchingWhatItPointsAt() async throws {
        let outside = try ScratchFolder.make("scratch-outside")
        try "kept".write(toFile: outside + "/kept", atomically: true, encoding: .utf8)
        let path = try await endedTest {
            let path = try ScratchFolder.make("scratch-link")
            try FileManager.default.createSymbolicLink(atPath: path + "/link", withDestinationPath: outside)
            return path
        }
        #expect(!FileManager.default.fileExists(atPath: path))
        #expect(try String(contentsOfFile: outside + "/kept", encoding: .utf8) == "kept")
    }

    @Test func aFolderKeptUntilExitOutlivesItsTest() async throws {
        let path = try await endedTest { try ScratchFolder.make("scratch-until-exit", untilExit: true) }
        #expect(FileManager.default.fileExists(atPath: path))
    }
}
