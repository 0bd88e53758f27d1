import CHTTP
import Foundation

/// A synchronous HTTP GET on the calling thread (the service's calls are synchronous), through libcurl's easy
/// interface: it reads the body as it arrives and stops at `maxBodyBytes`, so an oversized or endless response is
/// cut off at the limit instead of being held in memory until it ends. An error status returns at once, without
/// its body.
///
/// Not URLSession: on Linux its sessions watch libcurl's sockets with dispatch sources, and tearing those down
/// (a timeout, a refused connection, a session per request) can crash the whole process in libdispatch's manager
/// thread. Here no thread but the caller's, no dispatch source and no signal is involved.
enum BlockingRequest {
    enum Reply: Sendable, Equatable {
        case success(status: Int, headers: [String: String], body: Data)
        /// The body (or its announced Content-Length) passed the limit; nothing of it is kept.
        case tooLarge
        case failure(String)
    }

    static func get(_ url: URL, headers: [String: String], timeout: TimeInterval, maxBodyBytes: Int) -> Reply {
        var reply = vigor_http_reply()
        defer { vigor_http_reply_free(&reply) }
        let lines = headers.sorted { $0.key < $1.key }.map { strdup("\($0.key): \($0.value)") }
        defer { lines.forEach { free($0) } }
        let outcome = (lines.map { UnsafePointer($0) } + [nil]).withUnsafeBufferPointer { list in
            vigor_http_request(
                "GET", url.absoluteString, list.baseAddress, nil, 0, Int(timeout * 1000), maxBodyBytes, 1, &reply)
        }
        if reply.too_large != 0 { return .tooLarge }
        guard outcome == 0 else {
            if reply.timed_out != 0 { return .failure("timed out after \(Int(timeout)) s") }
            return .failure(withUnsafeBytes(of: reply.error) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) })
        }
        let body = reply.body.map { Data(bytes: $0, count: reply.body_length) } ?? Data()
        return .success(status: reply.status, headers: fields(reply.headers.map { String(cString: $0) } ?? ""), body: body)
    }

    /// Header lines as lowercased names to values (the last of a repeated name wins).
    static func fields(_ block: String) -> [String: String] {
        var fields: [String: String] = [:]
        for line in block.split(whereSeparator: \.isNewline) {
            guard let colon = line.firstIndex(of: ":") else { continue }
            let name = line[..<colon].trimmingCharacters(in: .whitespaces).lowercased()
            fields[name] = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
        }
        return fields
    }
}
