import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// Makes a real folder unwritable for this process until `restore()`: `chattr +i` as root (root ignores modes),
/// mode 0500 for anyone else. A probe write checks that it worked, so a test never passes on a folder that was
/// writable after all.
struct UnwritableFolder {
    let path: String

    init(_ path: String) throws {
        self.path = path
        if getuid() == 0 {
            try Self.run("/usr/bin/chattr", ["+i", path])
        } else {
            guard chmod(path, 0o500) == 0 else { throw Failure("chmod 0500 \(path): \(String(cString: strerror(errno)))") }
        }
        let probe = path + "/.probe"
        let descriptor = open(probe, O_WRONLY | O_CREAT | O_EXCL, 0o600)
        if descriptor >= 0 {
            close(descriptor)
            unlink(probe)
            try restore()
            throw Failure("\(path) is still writable")
        }
    }

    func restore() throws {
        if getuid() == 0 {
            try Self.run("/usr/bin/chattr", ["-i", path])
        } else {
            guard chmod(path, 0o700) == 0 else { throw Failure("chmod 0700 \(path): \(String(cString: strerror(errno)))") }
        }
    }

    private static func run(_ tool: String, _ arguments: [String]) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: tool)
        process.arguments = arguments
        try process.run()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { throw Failure("\(tool) \(arguments.joined(separator: " ")) failed") }
    }

    struct Failure: Error, CustomStringConvertible {
        var description: String
        init(_ description: String) { self.description = description }
    }
}
