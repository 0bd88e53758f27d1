import Foundation
import VigorRPC

extension LocalAPI {
    /// `inbox.list`: what the Ghost wanted to say, newest first.
    func serveInboxList(_: NoParams) async throws -> InboxListMethod.Result {
        let zone = await backend.zone()
        return InboxListMethod.Result(entries: await backend.inbox().map { InboxEntryView($0, zone: zone) })
    }
}
