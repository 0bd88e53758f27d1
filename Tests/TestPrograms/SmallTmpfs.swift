import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// A tmpfs of a few KiB mounted on a scratch folder (needs root), so a test meets a real ENOSPC: `fill()` takes every
/// free byte, `release()` gives them back.
public final class SmallTmpfs {
    public let path: String
    private var filler: String { path + "/filler" }

    public struct Failure: Error, CustomStringConvertible {
        public let description: String
    }

    public init(kilobytes: Int) throws {
        path = try ScratchFolder.make("full-disk")
        let mounted = try runProgram("/bin/mount", ["-t", "tmpfs", "-o", "size=\(kilobytes)k,mode=0700", "tmpfs", path])
        guard mounted.status == 0 else { throw Failure(description: "cannot mount a tmpfs on \(path): \(mounted.stderr)") }
    }

    /// Writes one file until the disk is full; the next write anywhere on it fails with ENOSPC.
    public func fill() throws {
        let descriptor = open(filler, O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { throw Failure(description: "cannot create \(filler): errno \(errno)") }
        defer { close(descriptor) }
        let chunk = [UInt8](repeating: 0x2E, count: 4096)
        while true {
            let written = chunk.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
            if written > 0 { continue }
            guard written < 0, errno == ENOSPC else { throw Failure(description: "filling \(path) stopped with errno \(errno), not ENOSPC") }
            return
        }
    }

    /// Frees what `fill()` took.
    public func release() throws {
        guard unlink(filler) == 0 else { throw Failure(description: "cannot remove \(filler): errno \(errno)") }
    }

    deinit {
        // A lazy unmount: a file a failed test left open does not keep the mount.
        do {
            let unmounted = try runProgram("/bin/umount", ["-l", path])
            if unmounted.status != 0 { print("cannot unmount \(path): \(unmounted.stderr)") }
        } catch {
            print("cannot unmount \(path): \(error)")
        }
        rmdir(path)
    }
}
