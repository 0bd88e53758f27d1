import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Reads a file sequentially in fixed-size chunks into one reused buffer (flat memory, no per-chunk allocation).
struct FileChunkReader: ~Copyable {
    private let descriptor: Int32
    private var buffer: UnsafeMutableRawBufferPointer
    /// The file's size in bytes at open time.
    let size: Int64

    init(url: URL, chunkSize: Int = 1 << 20) throws(ImportFault) {
        // O_NONBLOCK: opening a FIFO or a device must not wait for a writer; only a regular file is read.
        let fd = open(url.path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        guard fd >= 0 else {
            throw ImportFault(kind: .unreadable, line: nil, message: "cannot open the file: \(String(cString: strerror(errno)))")
        }
        var info = stat()
        guard fstat(fd, &info) == 0 else {
            let message = String(cString: strerror(errno))
            close(fd)
            throw ImportFault(kind: .unreadable, line: nil, message: "cannot read the file's size: \(message)")
        }
        guard (info.st_mode & S_IFMT) == S_IFREG else {
            close(fd)
            let kind = FileKind.name(of: info.st_mode)
            throw ImportFault(kind: .unreadable, line: nil, message: "\(url.path) is \(kind), not a regular file; only regular files are imported")
        }
        descriptor = fd
        size = Int64(info.st_size)
        buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: max(chunkSize, 1), alignment: 16)
    }

    deinit {
        buffer.deallocate()
        close(descriptor)
    }

    /// Calls `body` with each chunk in order until the end of the file.
    mutating func forEachChunk(_ body: (UnsafeRawBufferPointer) throws -> Void) throws {
        while true {
            let count = read(descriptor, buffer.baseAddress, buffer.count)
            if count < 0 {
                if errno == EINTR { continue }
                throw ImportFault(kind: .unreadable, line: nil, message: "read failed: \(String(cString: strerror(errno)))")
            }
            if count == 0 { return }
            try body(UnsafeRawBufferPointer(rebasing: buffer[0..<count]))
        }
    }

    /// Reads up to `limit` bytes from the start of the file (for format detection).
    static func prefix(of url: URL, limit: Int) throws(ImportFault) -> [UInt8] {
        let reader = try FileChunkReader(url: url, chunkSize: limit)
        let count = read(reader.descriptor, reader.buffer.baseAddress, limit)
        guard count >= 0 else {
            throw ImportFault(kind: .unreadable, line: nil, message: "read failed: \(String(cString: strerror(errno)))")
        }
        let bytes = [UInt8](UnsafeRawBufferPointer(rebasing: reader.buffer[0..<count]))
        _ = consume reader
        return bytes
    }
}
