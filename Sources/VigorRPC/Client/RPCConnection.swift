#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

#if canImport(Glibc)
import Glibc
#endif

/// One blocking connection to the daemon's Unix socket, for the CLI and for load tests.
/// Not thread-safe: use one connection per thread.
public final class RPCConnection {
    private let socketPath: String
    private var descriptor: Int32
    private var buffer: [UInt8] = []
    private var nextID: Int64 = 1

    /// Connects to `socketPath`; `timeoutSeconds` bounds every read and write.
    public init(socketPath: String, timeoutSeconds: Int = 10) throws(RPCClientError) {
        self.socketPath = socketPath
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        let pathBytes = Array(socketPath.utf8)
        guard pathBytes.count < MemoryLayout.size(ofValue: address.sun_path) else {
            throw .transport("socket path is too long (\(pathBytes.count) bytes): \(socketPath)")
        }
        withUnsafeMutableBytes(of: &address.sun_path) { raw in
            raw.copyBytes(from: pathBytes)
        }
        let fd = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard fd >= 0 else { throw .transport("cannot create a socket: \(String(cString: strerror(errno)))") }
        var timeout = timeval(tv_sec: timeoutSeconds, tv_usec: 0)
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        setsockopt(fd, SOL_SOCKET, SO_SNDTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        let result = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(fd, $0, socklen_t(MemoryLayout<sockaddr_un>.size))
            }
        }
        if result != 0 {
            let code = errno
            close(fd)
            let reason = String(cString: strerror(code))
            switch code {
            case ENOENT: throw .daemonNotRunning(socket: socketPath, reason: "no socket")
            case ECONNREFUSED: throw .daemonNotRunning(socket: socketPath, reason: "connection refused")
            case ENOTSOCK, ENOTDIR: throw .daemonNotRunning(socket: socketPath, reason: "not a socket")
            case EACCES, EPERM: throw .accessDenied(socket: socketPath, reason: reason)
            default: throw .transport("cannot connect to \(socketPath): \(reason)")
            }
        }
        descriptor = fd
    }

    deinit {
        if descriptor >= 0 { close(descriptor) }
    }

    /// Calls a method and decodes its typed result; a JSON-RPC error is thrown as `.server`.
    public func call<M: RPCMethod>(_ method: M.Type, _ params: M.Params) throws(RPCClientError) -> M.Result {
        let id = nextID
        nextID += 1
        let paramsValue: JSONValue
        do {
            paramsValue = try RPCCoding.encodeValue(params)
        } catch {
            throw .transport("cannot encode the params of \(M.name): \(error)")
        }
        let hasParams = paramsValue != .object([:])
        let request = RPCRequest(method: M.name, params: hasParams ? paramsValue : nil, id: .number(id))
        let line: Data
        do {
            line = try RPCCoding.makeEncoder().encode(request)
        } catch {
            throw .transport("cannot encode the request: \(error)")
        }
        let reply = try exchange(line)
        let response: RPCResponse
        do {
            response = try RPCCoding.makeDecoder().decode(RPCResponse.self, from: reply)
        } catch {
            throw .transport("the daemon's reply is not a JSON-RPC response")
        }
        if let error = response.error { throw .server(error) }
        do {
            return try RPCCoding.decode(M.Result.self, from: response.result ?? .null)
        } catch {
            throw .transport("the daemon's result for \(M.name) does not match this vigorctl: \(error)")
        }
    }

    /// Sends one raw line and returns the next line the daemon writes back (without newline).
    public func exchange(_ line: Data) throws(RPCClientError) -> Data {
        var frame = [UInt8](line)
        frame.append(10)
        var sent = 0
        while sent < frame.count {
            let written = frame[sent...].withUnsafeBytes { send(descriptor, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            if written < 0 {
                let code = errno
                if code == EINTR { continue }
                // The daemon may have refused us and closed; its reason is still waiting to be read.
                // With nothing to read, that is no answer at all (readLine says so).
                if code == EPIPE || code == ECONNRESET { return try readLine() }
                throw .transport("cannot send to the daemon: \(String(cString: strerror(code)))")
            }
            sent += written
        }
        return try readLine()
    }

    private func readLine() throws(RPCClientError) -> Data {
        var chunk = [UInt8](repeating: 0, count: 64 * 1024)
        while true {
            if let newline = buffer.firstIndex(of: 10) {
                let line = Data(buffer[..<newline])
                buffer.removeSubrange(...newline)
                return line
            }
            let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count < 0 {
                if errno == EINTR { continue }
                if errno == EAGAIN || errno == EWOULDBLOCK { throw .transport("the daemon did not answer in time") }
                if errno == ECONNRESET, buffer.isEmpty {
                    throw .noAnswer(socket: socketPath, reason: "the connection was reset before any reply")
                }
                throw .transport("cannot read from the daemon: \(String(cString: strerror(errno)))")
            }
            if count == 0 {
                if buffer.isEmpty { throw .noAnswer(socket: socketPath, reason: "the connection was closed before any reply") }
                throw .transport("the daemon closed the connection in the middle of its reply")
            }
            buffer.append(contentsOf: chunk[..<count])
        }
    }
}
