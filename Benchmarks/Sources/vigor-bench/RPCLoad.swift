import ArgumentParser
import Foundation
import VigorRPC

#if canImport(Glibc)
import Glibc
#endif

/// Measures `status` round trips from N concurrent clients, each on its own persistent
/// connection, against a running vigord; prints latency percentiles, throughput and the
/// daemon's RSS before and after.
///
/// Without `--rate` the clients send back to back (closed loop: the daemon's top throughput;
/// mean latency is then clients ÷ throughput by Little's law). With `--rate R` they send R
/// requests per second in all, on a fixed schedule (open loop, as wrk2 does): latency counts
/// from the moment a request was due, so a stalled daemon cannot hide its queue by slowing
/// the clients down (no coordinated omission).
struct RPCLoad: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "load", abstract: "Load a running vigord over its socket.")

    @Option(help: "Socket of the vigord under test.") var socket: String
    @Option(help: "The daemon's pid, to read its RSS from /proc.") var pid: Int32
    @Option(help: "Concurrent clients.") var clients = 32
    @Option(help: "Round trips per client.") var requests = 5000
    @Option(help: "Round trips per client before measuring.") var warmup = 200
    @Option(help: "Requests per second from all clients together, on a fixed schedule (open loop); none: back to back.")
    var rate: Double?

    func run() throws {
        let idleRSS = try residentKilobytes(pid)
        let request = Data(#"{"jsonrpc":"2.0","method":"status","id":1}"#.utf8)
        let results = Results(clients: clients)
        let start = DispatchSemaphore(value: 0)
        // Threads inherit the timer slack (50 µs by default) that would delay every scheduled send.
        if rate != nil { try "1000".write(toFile: "/proc/self/timerslack_ns", atomically: false, encoding: .utf8) }
        let origin = monotonicNow() + 500_000_000 + UInt64(clients) * 20_000_000
        let schedule = rate.map { Schedule(origin: origin, rate: $0, clients: clients) }
        let done = DispatchGroup()
        let warm = DispatchGroup()
        for index in 0..<clients {
            done.enter()
            warm.enter()
            let thread = Thread { [socket, requests, warmup] in
                defer { done.leave() }
                do {
                    let connection = try RPCConnection(socketPath: socket)
                    for _ in 0..<warmup { _ = try connection.exchange(request) }
                    warm.leave()
                    start.wait()
                    var samples: [Sample] = []
                    samples.reserveCapacity(requests)
                    if let schedule = schedule {
                        for round in 0..<requests {
                            let due = schedule.due(client: index, round: round)
                            waitUntil(due)
                            let sent = monotonicNow()
                            _ = try connection.exchange(request)
                            samples.append(Sample(start: due, latency: monotonicNow() - due, lateStart: sent - min(sent, due)))
                        }
                    } else {
                        for _ in 0..<requests {
                            let begin = monotonicNow()
                            _ = try connection.exchange(request)
                            samples.append(Sample(start: begin, latency: monotonicNow() - begin, lateStart: 0))
                        }
                    }
                    results.store(index, samples)
                } catch {
                    results.fail("\(error)")
                    warm.leave()
                }
            }
            thread.start()
        }
        warm.wait()
        let cpuBefore = try cpuTicks(pid)
        for _ in 0..<clients { start.signal() }
        let began = schedule?.origin ?? monotonicNow()
        done.wait()
        if let failure = results.failure { throw ValidationError("a client failed: \(failure)") }
        let elapsed = Double(monotonicNow() - began) / 1e9
        let all = results.all.map(\.latency).sorted()
        func percentile(_ p: Double) -> Double { Self.percentile(all, p) }
        let loadedRSS = try residentKilobytes(pid)
        let cpuSeconds = Double(try cpuTicks(pid) - cpuBefore) / Double(sysconf(Int32(_SC_CLK_TCK)))
        print("clients            \(clients)")
        print("mode               \(rate.map { String(format: "open loop, %.0f req/s offered", $0) } ?? "closed loop")")
        print("round trips        \(all.count)")
        print(String(format: "elapsed            %.2f s", elapsed))
        print(String(format: "throughput         %.0f req/s", Double(all.count) / elapsed))
        print(String(format: "vigord CPU         %.2f s, %.1f µs per round trip (user + system, /proc)", cpuSeconds, cpuSeconds * 1e6 / Double(max(1, all.count))))
        print(String(format: "latency p50        %.1f µs", percentile(0.50)))
        print(String(format: "latency p99        %.1f µs", percentile(0.99)))
        print(String(format: "latency max        %.1f µs", Double(all.last ?? 0) / 1000))
        if rate != nil {
            // A client thread that woke late delays its send: the machine's delay, yet counted in the latency.
            let late = results.all.filter { $0.lateStart > 500_000 }.count
            print("sent late          \(late) of \(all.count) over 0.5 ms after they were due")
        }
        let slowest = results.all.sorted { $0.latency > $1.latency }.prefix(3)
        print("slowest            " + slowest.map {
            String(format: "%.1f ms at +%.3f s", Double($0.latency) / 1e6, (Double($0.start) - Double(origin)) / 1e9)
        }.joined(separator: ", "))
        print("vigord RSS idle    \(idleRSS / 1024) MiB (\(idleRSS) kB)")
        print("vigord RSS loaded  \(loadedRSS / 1024) MiB (\(loadedRSS) kB)")
    }

    /// The `p` quantile of sorted nanosecond latencies, in microseconds (0 when there are none).
    static func percentile(_ sorted: [UInt64], _ p: Double) -> Double {
        guard !sorted.isEmpty else { return 0 }
        return Double(sorted[min(sorted.count - 1, Int(Double(sorted.count) * p))]) / 1000
    }

    /// The daemon's user + system CPU time so far, in clock ticks (fields 14 and 15 of /proc/PID/stat).
    private func cpuTicks(_ pid: Int32) throws -> Int {
        // The command name (field 2) may hold spaces; fields 14 and 15 are counted after its closing parenthesis.
        let stat = try String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8)
        guard let close = stat.lastIndex(of: ")") else { throw ValidationError("unreadable /proc/\(pid)/stat") }
        let fields = stat[stat.index(after: close)...].split(separator: " ")
        guard fields.count > 12, let user = Int(fields[11]), let system = Int(fields[12]) else {
            throw ValidationError("no CPU times in /proc/\(pid)/stat")
        }
        return user + system
    }

    private func residentKilobytes(_ pid: Int32) throws -> Int {
        let status = try String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8)
        guard let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmRSS:") }),
            let value = line.split(separator: " ", omittingEmptySubsequences: true).dropFirst().first.flatMap({ Int($0) })
        else { throw ValidationError("no VmRSS for pid \(pid)") }
        return value
    }
}

/// When each open-loop request is due: client `c` sends every `clients / rate` seconds,
/// the clients spread evenly over one period.
struct Schedule: Sendable {
    let origin: UInt64
    let period: Double
    let clients: Int

    init(origin: UInt64, rate: Double, clients: Int) {
        self.origin = origin
        self.period = Double(clients) / rate * 1e9
        self.clients = clients
    }

    func due(client: Int, round: Int) -> UInt64 {
        origin + UInt64((Double(round) + Double(client) / Double(clients)) * period)
    }
}

/// Nanoseconds on CLOCK_MONOTONIC, the clock `waitUntil` sleeps on.
func monotonicNow() -> UInt64 {
    var now = timespec()
    clock_gettime(CLOCK_MONOTONIC, &now)
    return UInt64(now.tv_sec) * 1_000_000_000 + UInt64(now.tv_nsec)
}

/// Sleeps until `deadline` on the monotonic clock; returns at once when the deadline has passed.
func waitUntil(_ deadline: UInt64) {
    var target = timespec(tv_sec: Int(deadline / 1_000_000_000), tv_nsec: Int(deadline % 1_000_000_000))
    while clock_nanosleep(CLOCK_MONOTONIC, TIMER_ABSTIME, &target, nil) == EINTR {}
}

/// One round trip: when it was due (open loop) or sent (closed loop), how long it took, and how late the
/// client thread woke to send it (open loop; the machine's delay, counted in the latency), in nanoseconds.
struct Sample: Sendable {
    let start: UInt64
    let latency: UInt64
    let lateStart: UInt64
}

/// Round trips collected from the client threads.
final class Results: @unchecked Sendable {
    private let lock = NSLock()
    private var perClient: [[Sample]]
    private(set) var failure: String?

    init(clients: Int) { perClient = Array(repeating: [], count: clients) }

    func store(_ index: Int, _ samples: [Sample]) { lock.withLock { perClient[index] = samples } }
    func fail(_ message: String) { lock.withLock { failure = failure ?? message } }
    var all: [Sample] { lock.withLock { perClient.flatMap { $0 } } }
}
