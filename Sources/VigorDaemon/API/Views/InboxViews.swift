import Foundation
import GhostEngine
import VigorRPC

extension InboxEntryView {
    /// The API's view of an inbox entry, times in the user's zone.
    init(_ entry: NotificationLedger.Entry, zone: TimeZone) {
        self.init(
            key: entry.message.key, kind: entry.message.kind.rawValue, title: entry.message.title, body: entry.message.body,
            actions: entry.message.actions.map { InboxEntryView.Action(id: $0.id, label: $0.label, command: $0.command) },
            state: entry.state.rawValue, reason: entry.reason, firstSeen: RPCTimestamp(entry.firstSeen, in: zone),
            decidedAt: RPCTimestamp(entry.decidedAt, in: zone))
    }
}
