import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// Makes a real folder unwritable for this process until `restore()`: `chattr +i` as root (root ignores modes),
/// mode 0500 for anyone else. A probe write checks that it worked, so a test never passes on a folder that was
/// writable after all.
public struct UnwritableFolder {
    public let path: String

    public init(_ path: String) throws {
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

    public func restore() throws {
        if getuid() == 0 {
            try Self.run("/usr/bin/chattr", ["-i", path])
        } else {
            guard chmod(path, 0o700) == 0 else { throw Failure("chmod 0700 \(path): \(String(cString: strerror(errno)))") }
        }
    }

    private static func run(_ tool: String, _ arguments: [String]) throws {
        let result = try runProgram(tool, arguments, timeout: 30)
        guard result.status == 0 else { throw Failure("\(tool) \(arguments.joined(separator: " ")) failed: \(result.stderr)") }
    }

    public struct Failure: Error, CustomStringConvertible {
        public var description: String
        public init(_ description: String) { self.description = description }
    }
}
