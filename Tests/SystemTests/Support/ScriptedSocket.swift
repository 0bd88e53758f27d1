import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// A real Unix socket that stands in for vigord in the ways vigorctl must survive: it accepts each connection
/// and closes it unanswered (what systemd's socket does when vigord fails to start), or answers each request line
/// with one fixed JSON-RPC result. It serves until it is released.
final class ScriptedSocket: @unchecked Sendable {
    enum Behaviour {
        /// Accept, then close without reading or writing.
        case acceptAndClose
        /// Read one line, answer it with `{"jsonrpc":"2.0","id":…,"result":RESULT}`, close.
        case answer(result: String)
    }

    let path: String
    private let descriptor: Int32
    private let stopped = DispatchSemaphore(value: 0)

    init(path: String, behaviour: Behaviour) throws {
        self.path = path
        let listener = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
        descriptor = listener
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        withUnsafeMutableBytes(of: &address.sun_path) { raw in
            for (index, byte) in path.utf8.prefix(raw.count - 1).enumerated() { raw[index] = byte }
        }
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(listener, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
        }
        guard bound == 0, listen(listener, 8) == 0 else {
            close(listener)
            throw RawSocketError("cannot listen at \(path): errno \(errno)")
        }
        let stopped = stopped
        Thread.detachNewThread {
            while true {
                let client = accept(listener, nil, nil)
                guard client >= 0 else { break }
                if case .answer(let result) = behaviour { Self.answer(client, result: result) }
                close(client)
            }
            stopped.signal()
        }
    }

    /// Reads the request line and echoes its id in the fixed reply.
    private static func answer(_ client: Int32, result: String) {
        var request: [UInt8] = []
        var byte: UInt8 = 0
        while read(client, &byte, 1) == 1, byte != 10 { request.append(byte) }
        let object = (try? JSONSerialization.jsonObject(with: Data(request))) as? [String: Any]
        let id = (object?["id"] as? Int).map(String.init) ?? "null"
        let reply = Array(#"{"jsonrpc":"2.0","id":\#(id),"result":\#(result)}"#.utf8) + [10]
        _ = reply.withUnsafeBytes { write(client, $0.baseAddress, $0.count) }
    }

    deinit {
        shutdown(descriptor, Int32(SHUT_RDWR))
        close(descriptor)
        _ = stopped.wait(timeout: .now() + .seconds(5))
        unlink(path)
    }
}

/// A socket file nobody listens on: bound, then closed, so a connection is refused (a vigord that ended uncleanly).
func makeRefusingSocket(at path: String) throws {
    let descriptor = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
    defer { close(descriptor) }
    var address = sockaddr_un()
    address.sun_family = sa_family_t(AF_UNIX)
    withUnsafeMutableBytes(of: &address.sun_path) { raw in
        for (index, byte) in path.utf8.prefix(raw.count - 1).enumerated() { raw[index] = byte }
    }
    let bound = withUnsafePointer(to: &address) {
        $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
    }
    guard bound == 0 else { throw RawSocketError("cannot bind \(path): errno \(errno)") }
}
