import Foundation
import Store
import VigorRPC

extension RecoveryTimeStatus {
    /// The API's view of a recovery time that is on.
    init(_ emergency: RecoveryTime, zone: TimeZone) {
        self.init(active: true, startedAt: RPCTimestamp(emergency.startedAt, in: zone), endsAt: RPCTimestamp(emergency.endsAt, in: zone))
    }

    /// The API's view of a press of the red button.
    init(_ outcome: RedButtonOutcome, zone: TimeZone) {
        let emergency = outcome.press.emergency
        self.init(
            active: true, startedAt: RPCTimestamp(emergency.startedAt, in: zone), endsAt: RPCTimestamp(emergency.endsAt, in: zone),
            blockFile: outcome.file,
            notRecorded: outcome.press.notRecorded.map {
                "the state database could not record it (\($0)); the recovery time holds, and it is recorded "
                    + "the blocks inside it withdrawn once the disk allows"
            }, withdrawnBlocks: outcome.withdrawn.map(\.rawValue), extended: outcome.press.extended ? true : nil)
    }
}

extension TravelStatus {
    /// The API's view of the travel ranges that have not ended.
    init(_ reading: TravelReading) {
        self.init(reading.ranges, today: reading.today)
    }
}
