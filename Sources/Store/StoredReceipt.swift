import Foundation
import GRDB

/// A decision receipt as stored: the engine's JSON body plus the columns queries need.
/// The store does not interpret the body; the daemon encodes and decodes it.
public struct StoredReceipt: Codable, Sendable, Equatable, FetchableRecord, PersistableRecord {
    public var id: String
    public var at: Date
    public var action: String
    public var body: Data

    public static let databaseTableName = "decisionReceipt"

    public init(id: String, at: Date, action: String, body: Data) {
        self.id = id
        self.at = at
        self.action = action
        self.body = body
    }
}
