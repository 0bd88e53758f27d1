import Foundation
import TestPrograms

/// The built executables, found beside the test bundle in the build folder.
enum Binaries {
    static var folder: URL {
        let executable = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
        var candidate = executable.deletingLastPathComponent()
        while candidate.path != "/" {
            if FileManager.default.isExecutableFile(atPath: candidate.appendingPathComponent("vigord").path) { return candidate }
            candidate = candidate.deletingLastPathComponent()
        }
        return executable.deletingLastPathComponent()
    }

    static var vigord: String { folder.appendingPathComponent("vigord").path }
    static var vigorctl: String { folder.appendingPathComponent("vigorctl").path }

    /// A tool on PATH, or nil when it is not installed.
    static func tool(_ name: String) -> String? {
        for directory in ["/usr/bin", "/bin", "/usr/sbin", "/usr/local/bin"] {
            let path = directory + "/" + name
            if FileManager.default.isExecutableFile(atPath: path) { return path }
        }
        return nil
    }
}

/// A fresh folder under /tmp, world-traversable so a test may connect as another user.
func makeScratchFolder(_ label: String) throws -> String {
    try ScratchFolder.make(label)
}
