import ArgumentParser
import Foundation
import VigorRPC

/// Measures the protocol layer alone, in process: parse, validate, route, encode a `status`
/// request, with no socket. Separates JSON cost from transport cost.
struct DispatchCost: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "dispatch", abstract: "Cost of one JSON-RPC round through the dispatcher.")

    @Option(help: "Requests to dispatch.") var requests = 200_000

    func run() async throws {
        let zone = TimeZone(identifier: "Europe/Berlin") ?? .gmt
        let status = DaemonStatus(
            version: VigorVersion.current, pid: 1, startedAt: RPCTimestamp(Date(timeIntervalSince1970: 1_795_341_600), in: zone),
            uptimeSeconds: 60, socket: "/run/user/1000/vigor/vigord.sock", socketOrigin: "systemd",
            configPath: "/home/u/.config/vigor/config.toml", configSource: "file", timezone: zone.identifier,
            lastReload: nil, database: DatabaseStatus(path: "/home/u/.local/state/vigor/vigor.sqlite", schemaVersion: "v1"),
            ghost: GhostStatus(
                trustPhase: "autoScheduler", trustPhaseName: "Auto-Scheduler", trustScore: 0.31, pinnedByUser: false,
                capabilities: ["propose", "writeCalendar"], healthPhase: "adaptation", healthPhaseName: "Adaptation",
                healthConfidence: 0.62, ghostHealth: "healthy", ghostHealthName: "Healthy", breakerDeletions: 0),
            nextCycles: NextCycles(
                morning: RPCTimestamp(Date(timeIntervalSince1970: 1_795_410_000), in: zone),
                evening: RPCTimestamp(Date(timeIntervalSince1970: 1_795_464_000), in: zone)),
            emergency: EmergencyStatus(active: false),
            plan: PlanStatus(today: [], tomorrow: [], proposals: [], pendingTriage: [], apology: nil),
            sources: [SourceFreshnessView(name: "work", ok: true, freshness: "fresh", ageSeconds: 120)],
            travel: TravelStatus(travellingToday: false, ranges: []))
        var router = RPCRouter()
        router.register(StatusMethod.self) { _ in status }
        let dispatcher = RPCDispatcher(router: router)
        let frame = Data(#"{"jsonrpc":"2.0","method":"status","id":1}"#.utf8)
        var bytes = 0
        let clock = ContinuousClock()
        let elapsed = await clock.measure {
            for _ in 0..<requests {
                bytes += await dispatcher.reply(to: frame)?.count ?? 0
            }
        }
        func microseconds(_ duration: Duration) -> Double {
            (Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18) / Double(requests) * 1e6
        }
        var parsed = 0
        let parsing = clock.measure {
            for _ in 0..<requests {
                if case .object(let members)? = try? JSONParser.parse(frame) { parsed += members.count }
            }
        }
        var encodedBytes = 0
        let encoding = clock.measure {
            for _ in 0..<requests {
                var json = JSONWriter()
                status.write(to: &json)
                encodedBytes += json.bytes.count
            }
        }
        let perRequest = microseconds(elapsed)
        print("requests           \(requests)")
        print(String(format: "per request        %.2f µs (parse %.2f µs, encode result %.2f µs)", perRequest, microseconds(parsing), microseconds(encoding)))
        print(String(format: "single-core rate   %.0f req/s", 1e6 / perRequest))
        print("reply bytes        \(bytes / requests)")
    }
}
