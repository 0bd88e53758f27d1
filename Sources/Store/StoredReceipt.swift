import Foundation
import GRDB

/// A decision receipt as stored: the engine's JSON body plus the columns queries need.
/// The store does not interpret the body; the daemon names its type (`value(as:)`).
public struct StoredReceipt: Codable, Sendable, Equatable, FetchableRecord, PersistableRecord, JSONValueRecord {
    public var id: String
    public var at: Date
    public var action: String
    public var body: Data

    public static let databaseTableName = "decisionReceipt"
    public static let jsonColumn = (name: "body", what: "a decision receipt")
    public var json: Data { body }
    public var rowName: String { "id \(id)" }

    public init(id: String, at: Date, action: String, body: Data) {
        self.id = id
        self.at = at
        self.action = action
        self.body = body
    }
}
