import Foundation
import GhostEngine
import Logging
import TestPrograms
import Testing
import VigorRPC

@testable import VigorDaemon

/// Timing run: 100 notifications to dunst on a private session bus, each from the desk's decision to `Notify`
/// returning. Runs only when VIGOR_BENCH_NOTIFY is set (`Benchmarks/run notify`); prints `bench …` lines and
/// asserts nothing about time.
@Suite(.removesScratchFolders) struct NotificationDeliveryBenchmark {
    static let enabled = ProcessInfo.processInfo.environment["VIGOR_BENCH_NOTIFY"] != nil

    @Test(.enabled(if: enabled && DesktopSession.available, "set VIGOR_BENCH_NOTIFY to run the benchmark"))
    func decisionToNotifyReturning() async throws {
        let (session, context, sink, _) = try await DesktopNotificationTests.desktop()
        defer { sink.stop(); session.stop() }
        var settles: [Double] = []
        var notifies: [Double] = []
        var delivered = 0
        for day in 0..<100 {
            // One new proposal a day, for the next morning; each local day has a budget of one.
            let morning = DesktopNotificationTests.monday10.addingTimeInterval(Double(day) * 86_400)
            _ = try await context.ghost.perform(
                .placementRequested(
                    BlockCandidate(start: morning.addingTimeInterval(21 * 3600), durationMinutes: 45, confidence: 0.5), alternatives: []),
                at: morning)
            let message = GhostMessage(key: "bench:\(day)", kind: .proposal, title: "Train?", body: "45 minutes.")
            let start = ContinuousClock.now
            try await sink.deliver(message, alsoWaiting: 0)
            notifies.append(milliseconds(ContinuousClock.now - start))
            let settleStart = ContinuousClock.now
            await context.notifications.settle(now: morning, rules: NotificationRules())
            settles.append(milliseconds(ContinuousClock.now - settleStart))
            if try await routerResult(InboxListMethod.self, "{}", context).entries.first?.state == "delivered" { delivered += 1 }
        }
        print("bench notify: Notify round trip alone, 100 calls: \(summary(notifies))")
        print("bench notify: decision to Notify returning (read the Ghost, decide, save the inbox, Notify), 100 days, \(delivered) delivered: \(summary(settles))")
    }

    private func milliseconds(_ duration: Duration) -> Double {
        Double(duration.components.seconds) * 1000 + Double(duration.components.attoseconds) / 1e15
    }

    private func summary(_ values: [Double]) -> String {
        let sorted = values.sorted()
        func at(_ fraction: Double) -> Double { sorted[min(sorted.count - 1, Int((Double(sorted.count) * fraction).rounded(.up)) - 1)] }
        return String(format: "p50 %.2f ms, p99 %.2f ms, max %.2f ms", at(0.5), at(0.99), sorted.last ?? 0)
    }
}
