import GhostEngine

/// Chance the user does a planned workout; `periods` override `rate` on the days they cover.
public struct CompletionBehaviour: Codable, Sendable, Equatable {
    /// Completion chance, 0…1.
    public var rate: Double
    /// Overrides by day range.
    public var periods: [CompletionPeriod]

    /// Creates a behaviour.
    public init(rate: Double, periods: [CompletionPeriod] = []) {
        self.rate = rate
        self.periods = periods
    }

    public init(from decoder: any Decoder) throws {
        let keys = try decoder.container(keyedBy: CodingKeys.self)
        rate = try keys.decode(Double.self, forKey: .rate)
        periods = try keys.decodeIfPresent([CompletionPeriod].self, forKey: .periods) ?? []
    }

    /// The completion chance on `day`: the last period covering it, else `rate`.
    public func rate(onDay day: Int) -> Double {
        periods.last { (($0.fromDay)...($0.toDay)).contains(day) }?.rate ?? rate
    }
}

/// Completion chance from `fromDay` to `toDay`, inclusive.
public struct CompletionPeriod: Codable, Sendable, Equatable {
    /// First day covered.
    public var fromDay: Int
    /// Last day covered.
    public var toDay: Int
    /// Completion chance, 0…1.
    public var rate: Double

    /// Creates a period.
    public init(fromDay: Int, toDay: Int, rate: Double) {
        self.fromDay = fromDay
        self.toDay = toDay
        self.rate = rate
    }
}

/// How the user answers triage: with chance `answerRate`, giving `answer` (or the `byDay` answer that day).
public struct TriageBehaviour: Codable, Sendable, Equatable {
    /// Chance of answering the same evening.
    public var answerRate: Double
    /// The usual answer.
    public var answer: MissReason
    /// Answers always given on given days.
    public var byDay: [DayAnswer]

    /// Creates a behaviour; by default the user never answers.
    public init(answerRate: Double = 0, answer: MissReason = .lifeHappened, byDay: [DayAnswer] = []) {
        self.answerRate = answerRate
        self.answer = answer
        self.byDay = byDay
    }

    public init(from decoder: any Decoder) throws {
        let keys = try decoder.container(keyedBy: CodingKeys.self)
        answerRate = try keys.decodeIfPresent(Double.self, forKey: .answerRate) ?? 0
        answer = try keys.decodeIfPresent(MissReason.self, forKey: .answer) ?? .lifeHappened
        byDay = try keys.decodeIfPresent([DayAnswer].self, forKey: .byDay) ?? []
    }

    /// The answer the user gives on `day`.
    public func answer(onDay day: Int) -> MissReason {
        byDay.last { $0.day == day }?.answer ?? answer
    }
}

/// A triage answer given on one day (always given, regardless of `answerRate`).
public struct DayAnswer: Codable, Sendable, Equatable {
    /// 1-based day.
    public var day: Int
    /// The answer given that day.
    public var answer: MissReason

    /// Creates an answer.
    public init(day: Int, answer: MissReason) {
        self.day = day
        self.answer = answer
    }
}
