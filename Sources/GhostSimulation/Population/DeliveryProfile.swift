import GhostEngine

/// How a wearable's data reaches vigord in a population: a phone's export synced every `everyHours` (whole hours,
/// drawn uniformly from the range) or a watch plugged in every `everyDays` (whole days, likewise). Each user also draws
/// when in that period their first sync or plug falls, so users do not all sync at the same minute.
public struct DeliveryProfile: Codable, Sendable, Equatable {
    /// `phoneSync` or `watchPlug` (`immediate` takes no range).
    public var kind: HealthDelivery.Kind
    /// Hours between two syncs of the phone's export (`phoneSync`).
    public var everyHours: WholeRange?
    /// Days between two plugs of the watch (`watchPlug`), at `HealthDelivery.defaultPlugHour`.
    public var everyDays: WholeRange?

    /// Creates a profile.
    public init(kind: HealthDelivery.Kind, everyHours: WholeRange? = nil, everyDays: WholeRange? = nil) {
        self.kind = kind
        self.everyHours = everyHours
        self.everyDays = everyDays
    }

    /// One user's delivery: the period, then the first sync's minute or the first plug's day within it.
    func draw(_ random: inout SplitMix64) -> HealthDelivery {
        switch kind {
        case .immediate:
            return .immediate
        case .phoneSync:
            let hours = Self.uniform(everyHours ?? WholeRange(min: 1, max: 1), &random)
            return .phoneSync(everyHours: hours, firstSyncMinutes: Int(random.next() % UInt64(hours * 60)))
        case .watchPlug:
            let days = Self.uniform(everyDays ?? WholeRange(min: 1, max: 1), &random)
            return .watchPlug(everyDays: days, firstPlugDay: 1 + Int(random.next() % UInt64(days)), hour: HealthDelivery.defaultPlugHour)
        }
    }

    /// The delivery in words, for the user's events.
    func describe(_ delivery: HealthDelivery) -> String {
        switch delivery {
        case .immediate: "health data at once"
        case .phoneSync(let hours, _): "phone synced every \(hours) h"
        case .watchPlug(let days, let first, _): "watch plugged in every \(days) days from day \(first)"
        }
    }

    /// Checks the kind has its range, and the range is one `HealthDelivery` accepts.
    /// - Throws: `ScenarioError` naming the key path (under `path`) of the first problem.
    func validate(_ path: String) throws(ScenarioError) {
        switch kind {
        case .immediate:
            return
        case .phoneSync:
            guard let everyHours else { throw ScenarioError(path: "\(path).everyHours", message: "is missing") }
            try everyHours.validate("\(path).everyHours", within: 1...24)
        case .watchPlug:
            guard let everyDays else { throw ScenarioError(path: "\(path).everyDays", message: "is missing") }
            try everyDays.validate("\(path).everyDays", within: 1...30)
        }
    }

    private static func uniform(_ range: WholeRange, _ random: inout SplitMix64) -> Int {
        range.min + Int(random.next() % UInt64(range.max - range.min + 1))
    }
}

/// A range of whole numbers, both ends included.
public struct WholeRange: Codable, Sendable, Equatable {
    public var min: Int
    public var max: Int

    /// Creates a range.
    public init(min: Int, max: Int) {
        self.min = min
        self.max = max
    }

    /// - Throws: `ScenarioError` at `path` unless `min ≤ max`, both inside `allowed`.
    func validate(_ path: String, within allowed: ClosedRange<Int>) throws(ScenarioError) {
        guard allowed.contains(min), allowed.contains(max), min <= max else {
            throw ScenarioError(path: path, message: "must be \(allowed.lowerBound)…\(allowed.upperBound) with min ≤ max, is \(min)…\(max)")
        }
    }
}
