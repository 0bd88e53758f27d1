import ArgumentParser
import Foundation
import VigorRPC

#if canImport(Glibc)
import Glibc
#endif

/// Runs one call and turns client errors into the documented exit codes and one-line messages.
enum CallFailure {
    static func perform<T>(_ body: () throws(RPCClientError) -> T) throws -> T {
        do {
            return try body()
        } catch {
            switch error {
            case .daemonNotRunning(let socket, let reason):
                printError("vigord is not running (\(reason) at \(socket)). Start it with `systemctl --user start vigord.socket`, or run `vigord`.")
                throw ExitCode(3)
            case .accessDenied, .transport:
                printError(error.description)
                throw ExitCode(1)
            case .server(let failure):
                printError("\(failure.message) (error \(failure.code))")
                throw ExitCode(1)
            }
        }
    }

    static func printError(_ message: String) {
        let line = Array("vigorctl: \(message)\n".utf8)
        line.withUnsafeBytes { _ = write(STDERR_FILENO, $0.baseAddress, $0.count) }
    }
}

/// Prints a result as the JSON the daemon sent (sorted keys, pretty).
enum JSONOutput {
    static func print<T: Encodable>(_ value: T) throws {
        let encoder = RPCCoding.makeEncoder()
        encoder.outputFormatting.insert(.prettyPrinted)
        let data = try encoder.encode(value)
        Swift.print(String(decoding: data, as: UTF8.self))
    }
}
