import Foundation
import Synchronization
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// The one way a test gets a folder of its own under /tmp: a fresh `vigor-test-<label>-XXXXXX` (mkdtemp, so never
/// one that was there before), removed when its test ends under the `.removesScratchFolders` trait, and at the end of
/// the test process otherwise (or when removing it at the end of its test failed).
/// Only folders made here are ever removed.
public enum ScratchFolder {
    /// Makes a fresh folder; `mode` 0755 by default, so a test may hand it to a program running as another user.
    /// `untilExit` keeps it to the end of the test process: for a folder a longer-lived program still uses.
    public static func make(_ label: String, mode: mode_t = 0o755, untilExit: Bool = false) throws -> String {
        var template = Array("/tmp/vigor-test-\(label)-XXXXXX".utf8CString)
        let made = template.withUnsafeMutableBufferPointer { buffer in
            buffer.baseAddress.flatMap(mkdtemp).map { String(cString: $0) }
        }
        guard let path = made else { throw Failure("cannot make a scratch folder for \(label): \(String(cString: strerror(errno)))") }
        guard chmod(path, mode) == 0 else { throw Failure("chmod \(path): \(String(cString: strerror(errno)))") }
        LeftAtExit.shared.add(path)
        if !untilExit, let owner = Owner.current { owner.add(path) }
        return path
    }

    public struct Failure: Error, CustomStringConvertible {
        public let description: String
        public init(_ description: String) { self.description = description }
    }

    /// The folders one test made; removed when it ends.
    final class Owner: Sendable {
        @TaskLocal static var current: Owner?
        private let folders = Mutex<[String]>([])

        func add(_ path: String) { folders.withLock { $0.append(path) } }

        func removeAll() {
            for path in folders.withLock({ $0 }).reversed() where ScratchFolder.remove(path) {
                LeftAtExit.shared.forget(path)
            }
        }
    }

    /// Every folder made and not yet removed; what is left goes when the test process exits.
    final class LeftAtExit: Sendable {
        static let shared = LeftAtExit()
        private let folders = Mutex<[String]>([])

        private init() {
            atexit { LeftAtExit.shared.removeAll() }
        }

        func add(_ path: String) { folders.withLock { $0.append(path) } }
        func forget(_ path: String) { folders.withLock { $0.removeAll { $0 == path } } }

        private func removeAll() {
            for path in folders.withLock({ $0 }).reversed() where !ScratchFolder.remove(path) {
                print("cannot remove the scratch folder \(path)")
            }
        }
    }

    /// Removes a folder this type made; true when it is gone. A test may have made part of it unwritable (a mode, or
    /// `chattr +i` as root): then its owner's rights come back first, and the removal is tried once more.
    static func remove(_ path: String) -> Bool {
        var status = stat()
        guard lstat(path, &status) == 0 else { return true }
        do {
            try FileManager.default.removeItem(atPath: path)
            return true
        } catch {
            if getuid() == 0 { restore("/usr/bin/chattr", ["-R", "-i", path]) }
            restore("/bin/chmod", ["-R", "u+rwX", path])
            do {
                try FileManager.default.removeItem(atPath: path)
                return true
            } catch {
                print("cannot remove the scratch folder \(path): \(error)")
                return false
            }
        }
    }

    private static func restore(_ tool: String, _ arguments: [String]) {
        do {
            let result = try runProgram(tool, arguments, timeout: 30)
            if result.status != 0 { print("\(tool) \(arguments.joined(separator: " ")): \(result.stderr)") }
        } catch {
            print("\(tool) \(arguments.joined(separator: " ")): \(error)")
        }
    }
}

/// Removes the scratch folders each test makes when that test (each of its cases) ends. On a suite it covers every
/// test in it.
public struct RemovesScratchFolders: TestTrait, SuiteTrait, TestScoping {
    public var isRecursive: Bool { true }

    public init() {}

    public func scopeProvider(for test: Test, testCase: Test.Case?) -> Self? {
        testCase == nil ? nil : self
    }

    public func provideScope(
        for test: Test, testCase: Test.Case?, performing function: @Sendable () async throws -> Void
    ) async throws {
        let owner = ScratchFolder.Owner()
        defer { owner.removeAll() }
        try await ScratchFolder.Owner.$current.withValue(owner) { try await function() }
    }
}

extension Trait where Self == RemovesScratchFolders {
    /// Removes the scratch folders a test makes when it ends.
    public static var removesScratchFolders: Self { Self() }
}
