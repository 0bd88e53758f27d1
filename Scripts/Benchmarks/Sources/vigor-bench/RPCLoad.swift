import ArgumentParser
import Foundation
import VigorRPC

#if canImport(Glibc)
import Glibc
#endif

/// Measures `status` round trips from N concurrent clients, each on its own persistent
/// connection, against a running vigord; prints latency percentiles, throughput and the
/// daemon's RSS before and after.
struct RPCLoad: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "load", abstract: "Load a running vigord over its socket.")

    @Option(help: "Socket of the vigord under test.") var socket: String
    @Option(help: "The daemon's pid, to read its RSS from /proc.") var pid: Int32
    @Option(help: "Concurrent clients.") var clients = 32
    @Option(help: "Round trips per client.") var requests = 5000
    @Option(help: "Round trips per client before measuring.") var warmup = 200

    func run() throws {
        let idleRSS = try residentKilobytes(pid)
        let request = Data(#"{"jsonrpc":"2.0","method":"status","id":1}"#.utf8)
        let results = Results(clients: clients)
        let start = DispatchSemaphore(value: 0)
        let done = DispatchGroup()
        for index in 0..<clients {
            done.enter()
            let thread = Thread { [socket, requests, warmup] in
                defer { done.leave() }
                do {
                    let connection = try RPCConnection(socketPath: socket)
                    for _ in 0..<warmup { _ = try connection.exchange(request) }
                    start.wait()
                    var latencies: [UInt64] = []
                    latencies.reserveCapacity(requests)
                    for _ in 0..<requests {
                        let begin = DispatchTime.now().uptimeNanoseconds
                        _ = try connection.exchange(request)
                        latencies.append(DispatchTime.now().uptimeNanoseconds - begin)
                    }
                    results.store(index, latencies)
                } catch {
                    results.fail("\(error)")
                }
            }
            thread.start()
        }
        let began = DispatchTime.now().uptimeNanoseconds
        for _ in 0..<clients { start.signal() }
        done.wait()
        let elapsed = Double(DispatchTime.now().uptimeNanoseconds - began) / 1e9
        if let failure = results.failure { throw ValidationError("a client failed: \(failure)") }
        let all = results.all.sorted()
        func percentile(_ p: Double) -> Double {
            Double(all[min(all.count - 1, Int(Double(all.count) * p))]) / 1000
        }
        let loadedRSS = try residentKilobytes(pid)
        print("clients            \(clients)")
        print("round trips        \(all.count)")
        print(String(format: "elapsed            %.2f s", elapsed))
        print(String(format: "throughput         %.0f req/s", Double(all.count) / elapsed))
        print(String(format: "latency p50        %.1f µs", percentile(0.50)))
        print(String(format: "latency p99        %.1f µs", percentile(0.99)))
        print(String(format: "latency max        %.1f µs", Double(all.last ?? 0) / 1000))
        print("vigord RSS idle    \(idleRSS / 1024) MiB (\(idleRSS) kB)")
        print("vigord RSS loaded  \(loadedRSS / 1024) MiB (\(loadedRSS) kB)")
    }

    private func residentKilobytes(_ pid: Int32) throws -> Int {
        let status = try String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8)
        guard let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmRSS:") }),
            let value = line.split(separator: " ", omittingEmptySubsequences: true).dropFirst().first.flatMap({ Int($0) })
        else { throw ValidationError("no VmRSS for pid \(pid)") }
        return value
    }
}

/// Latencies collected from the client threads.
final class Results: @unchecked Sendable {
    private let lock = NSLock()
    private var perClient: [[UInt64]]
    private(set) var failure: String?

    init(clients: Int) { perClient = Array(repeating: [], count: clients) }

    func store(_ index: Int, _ latencies: [UInt64]) { lock.withLock { perClient[index] = latencies } }
    func fail(_ message: String) { lock.withLock { failure = failure ?? message } }
    var all: [UInt64] { lock.withLock { perClient.flatMap { $0 } } }
}
