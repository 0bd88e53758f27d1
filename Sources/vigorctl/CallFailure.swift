import ArgumentParser
import VigorRPC

#if canImport(Glibc)
import Glibc
#endif

/// Runs one call and turns client errors into `CommandFailure`s: the documented exit code and one sentence.
enum CallFailure {
    static func perform<T>(_ body: () throws(RPCClientError) -> T) throws(CommandFailure) -> T {
        do {
            return try body()
        } catch {
            throw CommandFailure(error)
        }
    }

    /// A line for the user on stderr (`wrote week.svg`), never mixed into the result on stdout.
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
