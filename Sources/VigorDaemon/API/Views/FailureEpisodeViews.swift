import Foundation
import VigorRPC

extension FailureEpisodeStatus {
    /// The API's view of a kind of work that can fail for a while, its time in the user's zone.
    init(_ state: FailureEpisodeState, zone: TimeZone) {
        self.init(
            ok: state.ok, failingSince: state.failingSince.map { RPCTimestamp($0, in: zone) }, reason: state.reason,
            failedEpisodes: state.failedEpisodes)
    }
}
