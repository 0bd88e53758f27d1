import Foundation
import GhostEngine
import Synchronization
import TestPrograms
import Testing
import VigorRPC

@testable import VigorConfig
@testable import VigorDaemon

/// A Scheduler in Berlin whose clock the test moves, every delivery of the `[notify] command` appended to a file:
/// Sunday 2026-11-22 20:00 the evening proposes Monday and the hook gets it (the day's one notification), the user
/// accepts it in the terminal, and at 20:01 the weekly cycle builds the receipt that asks for the rest of the week.
struct SchedulerWeek {
    final class Clock: Sendable {
        let now: Mutex<Date>
        init(_ now: Date) { self.now = Mutex(now) }
    }

    let context: LocalAPI.Context
    let clock: Clock
    let hook: String
    let berlin: TimeZone

    static func sunday() async throws -> SchedulerWeek {
        let sunday20 = DesktopNotificationTests.sunday20
        var config = DaemonConfig()
        config.schedule.timezone = "Europe/Berlin"
        let clock = Clock(sunday20)
        let context = try makeTestContext(config: config, now: sunday20, clock: { clock.now.withLock { $0 } })
        _ = try await context.ghost.perform(.manualPhaseChange(to: .scheduler), at: sunday20)
        let folder = try ScratchFolder.make("notify")
        await context.notifications.use([CommandSink(
            arguments: ["sh", "-c", #"cat >> "$1/received"; echo >> "$1/received""#, "hook", folder], timeout: .seconds(30))])
        let week = SchedulerWeek(context: context, clock: clock, hook: folder + "/received", berlin: config.schedule.zone)
        _ = try await context.backend.runCycle(.evening, now: sunday20, zone: week.berlin, training: config.training)
        await context.backend.settleNotifications(at: sunday20)
        _ = try await DesktopNotificationTests.acceptMondayInTheTerminal(context)
        _ = try await context.backend.runCycle(.weekly, now: week.at(1), zone: week.berlin, training: config.training)
        await context.backend.settleNotifications(at: week.at(2))
        return week
    }

    /// Moves the clock to `minutes` after Sunday 20:00.
    func at(_ minutes: Int) -> Date {
        let now = DesktopNotificationTests.sunday20.addingTimeInterval(TimeInterval(minutes * 60))
        clock.now.withLock { $0 = now }
        return now
    }

    /// The weekly receipts the hook received, as their bodies.
    func weeklyDeliveries() throws -> [String] {
        guard FileManager.default.fileExists(atPath: hook) else { return [] }
        return try String(contentsOfFile: hook, encoding: .utf8).split(separator: "\n").compactMap { line in
            let payload = try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any]
            return payload?["kind"] as? String == "weeklyReceipt" ? payload?["body"] as? String : nil
        }
    }
}
