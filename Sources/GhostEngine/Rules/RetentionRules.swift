/// How long the engine's records stay relevant.
public struct RetentionRules: Codable, Sendable, Equatable {
    /// Decision receipts older than this many days are prunable.
    public var receiptDays = 90
    /// Blocks older than this many local days leave the engine's ledger (the health windows need 35).
    public var blockLedgerDays = 35

    /// Creates the documented defaults.
    public init() {}

    public init(from decoder: any Decoder) throws {
        let keys = try decoder.container(keyedBy: CodingKeys.self)
        let standard = RetentionRules()
        receiptDays = try keys.value(.receiptDays, or: standard.receiptDays)
        blockLedgerDays = try keys.value(.blockLedgerDays, or: standard.blockLedgerDays)
    }
}
