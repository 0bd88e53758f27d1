import Foundation
import SafeFiles
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
        // Opened without blocking (a FIFO or a device must not wait for a writer); only a regular file is read.
        let (fd, fileSize): (Int32, Int64)
        do {
            (fd, fileSize) = try RegularFile.open(url.path)
        } catch {
            switch error {
            case .cannotOpen(let code):
                throw ImportFault(kind: .unreadable, line: nil, message: "cannot open the file: \(String(cString: strerror(code)))")
            case .notRegular(let kind):
                throw ImportFault(kind: .unreadable, line: nil, message: "\(url.path) is \(kind), not a regular file; only regular files are imported")
            case .cannotInspect(let code), .readFailed(let code):
                throw ImportFault(kind: .unreadable, line: nil, message: "cannot read the file's size: \(String(cString: strerror(code)))")
            }
        }
        descriptor = fd
        size = fileSize
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
