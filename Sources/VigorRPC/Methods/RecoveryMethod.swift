/// `recovery.history`: the morning recovery scores of the last days, each with its formula version, its inputs
/// and where they came from, and how fresh the measured data behind it was.
public enum RecoveryHistoryMethod: RPCMethod {
    public struct Params: Codable, Sendable, Equatable {
        /// Mornings to show, ending today: 1–366, default 7.
        public var days: Int?
        public init(days: Int? = nil) { self.days = days }
    }
    public typealias Result = RecoveryHistoryResult
    public static let name = "recovery.history"
    public static let summary = "Shows the morning recovery scores of the last days (default 7) with formula version, inputs and their freshness."
    public static let params = [
        OpenRPCParam(name: "days", required: false, description: "Mornings to show, ending today: 1-366, default 7.", schema: Schema.integer)
    ]
    public static let resultSchema = RecoveryHistoryResult.schema
    public static let errors: [RPCErrorCode] = [.storageFailed]
}

/// Recovery scores, newest morning first.
public struct RecoveryHistoryResult: Codable, Sendable, Equatable {
    /// The formula in force, `name@version`.
    public var formula: String
    public var days: [RecoveryDay]

    public init(formula: String, days: [RecoveryDay]) {
        self.formula = formula
        self.days = days
    }

    static let schema = Schema.object(
        ["formula": Schema.string, "days": Schema.array(of: RecoveryDay.schema)], required: ["formula", "days"])
}

/// One morning's recovery score.
public struct RecoveryDay: Codable, Sendable, Equatable {
    /// `YYYY-MM-DD`.
    public var date: String
    /// Score 0–100 of the newest formula version.
    public var score: Double
    /// `name@version` of that score's formula.
    public var formula: String
    /// Scores of earlier formula versions for the same morning (`name@version` → score), kept for audit.
    public var earlier: [String: Double]
    /// The components used, e.g. `sleep`, `hrv`, with value 0–1 and weight.
    public var components: [RecoveryComponentView]
    /// Every input with its value, source and time.
    public var inputs: [RecoveryInputView]
    /// Age of the newest measured input (not a baseline) when the score was computed, seconds.
    public var dataAgeSeconds: Int?
    /// That age in the words `status` uses for calendars: `fresh` … `expired`.
    public var freshness: String

    public init(
        date: String, score: Double, formula: String, earlier: [String: Double], components: [RecoveryComponentView],
        inputs: [RecoveryInputView], dataAgeSeconds: Int?, freshness: String
    ) {
        self.date = date
        self.score = score
        self.formula = formula
        self.earlier = earlier
        self.components = components
        self.inputs = inputs
        self.dataAgeSeconds = dataAgeSeconds
        self.freshness = freshness
    }

    static let schema = Schema.object(
        [
            "date": Schema.string, "score": Schema.number, "formula": Schema.string,
            "earlier": ["type": "object", "additionalProperties": Schema.number],
            "components": Schema.array(of: RecoveryComponentView.schema), "inputs": Schema.array(of: RecoveryInputView.schema),
            "dataAgeSeconds": Schema.integer,
            "freshness": Freshness.schema,
        ],
        required: ["date", "score", "formula", "earlier", "components", "inputs", "freshness"])
}

/// A component of a recovery score.
public struct RecoveryComponentView: Codable, Sendable, Equatable {
    public var name: String
    /// 0–1.
    public var value: Double
    public var weight: Double

    public init(name: String, value: Double, weight: Double) {
        self.name = name
        self.value = value
        self.weight = weight
    }

    static let schema = Schema.object(
        ["name": Schema.string, "value": Schema.number, "weight": Schema.number], required: ["name", "value", "weight"])
}

/// An input of a recovery score with its provenance.
public struct RecoveryInputView: Codable, Sendable, Equatable {
    /// E.g. `sleepMinutes`, `hrvBaseline7`.
    public var name: String
    public var value: Double
    /// E.g. `gadgetbridge:sleep:asleep`, `check-in:sleep:reported`, `baseline:hrv7d`.
    public var source: String
    /// RFC 3339 in the user's zone.
    public var recordedAt: String

    public init(name: String, value: Double, source: String, recordedAt: String) {
        self.name = name
        self.value = value
        self.source = source
        self.recordedAt = recordedAt
    }

    static let schema = Schema.object(
        ["name": Schema.string, "value": Schema.number, "source": Schema.string, "recordedAt": Schema.time],
        required: ["name", "value", "source", "recordedAt"])
}
