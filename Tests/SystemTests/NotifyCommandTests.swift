import Foundation
import TestPrograms
import Testing
import VigorRPC

private let socatTool = Binaries.tool("socat")

/// vigord tells the user through `[notify] command`: the hook here is socat, which hands the message it reads on
/// stdin to a datagram socket the test waits on (no desktop, no quiet hours, so the hour of the run does not matter).
@Test(.removesScratchFolders, .enabled(if: TestTools.runnable(["socat"]), "needs socat (Scripts/bootstrap installs it)"))
func theDaysNotificationReachesTheNotifyCommandAsOneLineOfJSONAndTheInboxSaysSo() throws {
    let hook = try NotifySocket(folder: try makeScratchFolder("notify-hook"))
    // A Tuesday evening in Berlin: its cycle always places Wednesday's block, so a proposal waits to be told.
    let daemon = try DaemonHarness(label: "notify-command", config: """
        [schedule]
        timezone = "Europe/Berlin"
        [notify]
        quiet_hours = "00:00-00:00"
        desktop = false
        command = ["\(socatTool ?? "socat")", "-u", "-", "UNIX-SENDTO:\(hook.path)"]
        """, now: try TestNow.next(weekday: 3, hour: 19))
    try daemon.start()
    _ = try daemon.connect().call(TrustSetMethod.self, .init(phase: "scheduler"))
    _ = try daemon.connect().call(CycleRunMethod.self, .init(kind: .evening))
    try #require(hook.waitFor(prefix: #"{"actions":"#, timeout: 60), "no notification came; vigord's log:\n\(daemon.log.suffix(3_000))")
    let line = try #require(hook.received.last?.split(separator: "\n").first)
    guard case .object(let message) = try JSONParser.parse(Data(line.utf8)) else {
        Issue.record("not a JSON object: \(line)")
        return
    }
    // Which message wins the day's one notification depends on the hour (before noon the morning check-in does); that
    // it went through the command and the inbox says so does not.
    #expect(message["title"]?.stringValue?.isEmpty == false)
    let key = try #require(message["key"]?.stringValue)
    let inbox = try daemon.connect().call(InboxListMethod.self, NoParams())
    let entry = try #require(inbox.entries.first { $0.key == key })
    #expect(entry.state == "delivered")
    #expect(entry.reason == "delivered through the command", "\(entry.reason)")
}
