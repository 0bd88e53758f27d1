import Foundation

/// The one way the store's JSON columns are written and read. A column keeps a value of a module the store does not
/// know (the engine's receipts and state, the hold book, the forecast…): the caller names the type, and a value that
/// does not read back is `StoreError.unreadableValue`, naming the table, the column and the row. Never a default,
/// never dropped here.
public enum StoredJSON {
    /// `value` as JSON, keys sorted (the same value is the same bytes).
    public static func encode(_ value: some Encodable) throws(StoreError) -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        do {
            return try encoder.encode(value)
        } catch {
            throw .failed(operation: "encode \(type(of: value)) as JSON", detail: "\(error)")
        }
    }

    /// `data`, the JSON in `place`, as a `Value`.
    /// - Throws: `StoreError.unreadableValue` when it is not one.
    public static func decode<Value: Decodable>(_ type: Value.Type, from data: Data, in place: JSONPlace) throws(StoreError) -> Value {
        do {
            return try JSONDecoder().decode(type, from: data)
        } catch {
            throw .unreadableValue(
                what: place.what, table: place.table, column: place.column, row: place.row, detail: Self.reason(error))
        }
    }

    /// What went wrong, in one line: where in the JSON and why.
    private static func reason(_ error: any Error) -> String {
        func path(_ keys: [any CodingKey]) -> String {
            keys.isEmpty ? "the top level" : keys.map { $0.intValue.map { "[\($0)]" } ?? $0.stringValue }.joined(separator: ".")
        }
        switch error as? DecodingError {
        case .typeMismatch(_, let context), .valueNotFound(_, let context), .dataCorrupted(let context):
            return "\(context.debugDescription) (at \(path(context.codingPath)))"
        case .keyNotFound(let key, let context):
            return "no value for \"\(key.stringValue)\" (at \(path(context.codingPath)))"
        default:
            return "\(error)"
        }
    }
}

/// Where a JSON value is kept: its table, column and row, and what it is in words ("a decision receipt").
public struct JSONPlace: Sendable, Equatable {
    public var what: String
    public var table: String
    public var column: String
    public var row: String

    public init(what: String, table: String, column: String, row: String) {
        self.what = what
        self.table = table
        self.column = column
        self.row = row
    }

    /// The engine state's one row.
    public static let ghostState = JSONPlace(what: "the engine state", table: "ghostState", column: "state", row: "id 1")
    public static let inbox = JSONPlace(what: "the notification inbox", table: "notificationLedger", column: "ledger", row: "id 1")
}

/// A row that keeps one value as JSON; `value(as:)` reads it through `StoredJSON`.
public protocol JSONValueRecord {
    /// The JSON column's name, and what its value is in words.
    static var jsonColumn: (name: String, what: String) { get }
    /// The row's table.
    static var databaseTableName: String { get }
    /// The column's bytes.
    var json: Data { get }
    /// The row in words, for an error ("id r12").
    var rowName: String { get }
}

extension JSONValueRecord {
    /// The JSON column as a `Value`.
    /// - Throws: `StoreError.unreadableValue`, naming the table, column and row, when it is not one.
    public func value<Value: Decodable>(as type: Value.Type) throws(StoreError) -> Value {
        try StoredJSON.decode(
            type, from: json,
            in: JSONPlace(what: Self.jsonColumn.what, table: Self.databaseTableName, column: Self.jsonColumn.name, row: rowName))
    }
}
