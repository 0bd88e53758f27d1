/// `receipts.list`: the Ghost's latest decisions with their reasons, newest first (`vigorctl why`).
public enum ReceiptsListMethod: RPCMethod {
    public struct Params: Codable, Sendable, Equatable {
        /// How many receipts, 1…200; default 10.
        public var limit: Int?
        /// Only receipts about this block (e.g. `b7`).
        public var block: String?
        public init(limit: Int? = nil, block: String? = nil) {
            self.limit = limit
            self.block = block
        }
    }
    public struct Result: Codable, Sendable, Equatable {
        public var receipts: [ReceiptView]
        public init(receipts: [ReceiptView]) { self.receipts = receipts }
    }
    /// How many receipts.
    public static let limit = ParameterRange(name: "limit", bounds: 1...200, defaultValue: 10)
    public static let name = "receipts.list"
    public static let summary = "Lists the latest decision receipts, newest first: what the Ghost decided, on what inputs, and why."
    public static let params = [
        OpenRPCParam(name: "limit", required: false, description: "How many, \(limit.bounds.lowerBound) to \(limit.bounds.upperBound) (default \(limit.defaultValue)).", schema: Schema.integer),
        OpenRPCParam(name: "block", required: false, description: "Only receipts about this block.", schema: Schema.string),
    ]
    public static let resultSchema = Schema.object(["receipts": Schema.array(of: ReceiptView.schema)], required: ["receipts"])
}

/// One decision receipt as the API shows it.
public struct ReceiptView: Codable, Sendable, Equatable {
    public struct Input: Codable, Sendable, Equatable {
        public var name: String
        public var value: String
        public init(name: String, value: String) {
            self.name = name
            self.value = value
        }
    }

    /// A factor that mattered, in words: e.g. `Skip risk`, `24%`, `helped`.
    public struct Factor: Codable, Sendable, Equatable {
        public var name: String
        public var value: String
        /// `helped`, `hurt` or `neutral`.
        public var impact: String
        public init(name: String, value: String, impact: String) {
            self.name = name
            self.value = value
            self.impact = impact
        }
    }

    public var id: String
    /// `scheduled`, `proposed`, `transformed`, `removed`, `moved`, `trustChanged`, `breakerFired` or `emergency`.
    public var action: String
    public var at: RPCTimestamp
    /// Hash of the input snapshot: equal inputs give equal hashes.
    public var inputHash: String
    public var inputs: [Input]
    public var alternatives: [String]
    public var confidence: Double
    public var trustImpact: Double
    /// The plain-English reason.
    public var reason: String
    /// The decision in one sentence, times in the user's zone: "Scheduled for Wed 07:00 because …".
    public var headline: String
    /// The factors that mattered, with their impact.
    public var factors: [Factor]

    public init(
        id: String, action: String, at: RPCTimestamp, inputHash: String, inputs: [Input], alternatives: [String],
        confidence: Double, trustImpact: Double, reason: String, headline: String = "", factors: [Factor] = []
    ) {
        self.id = id
        self.action = action
        self.at = at
        self.inputHash = inputHash
        self.inputs = inputs
        self.alternatives = alternatives
        self.confidence = confidence
        self.trustImpact = trustImpact
        self.reason = reason
        self.headline = headline.isEmpty ? reason : headline
        self.factors = factors
    }

    static let schema = Schema.object(
        [
            "id": Schema.string, "action": Schema.string, "at": Schema.time, "inputHash": Schema.string,
            "inputs": Schema.array(of: Schema.object(["name": Schema.string, "value": Schema.string], required: ["name", "value"])),
            "alternatives": Schema.array(of: Schema.string), "confidence": Schema.number, "trustImpact": Schema.number,
            "reason": Schema.string, "headline": Schema.string,
            "factors": Schema.array(of: Schema.object(
                ["name": Schema.string, "value": Schema.string, "impact": Schema.oneOf(["helped", "hurt", "neutral"])],
                required: ["name", "value", "impact"])),
        ],
        required: [
            "id", "action", "at", "inputHash", "inputs", "alternatives", "confidence", "trustImpact", "reason", "headline", "factors",
        ])
}
