/// A simulated user who answers the plan: a habit of training on their own, and a response to a Ghost block. With it,
/// a scenario's `completion` is the day's readiness (1: as the model says, 0: ill or lapsed), a factor on both chances;
/// without it, `completion` is the chance of working out, block or not (the shipped scenarios' scripted behaviour).
public struct TrainingBehaviour: Codable, Sendable, Equatable {
    /// Training on one's own.
    public var habit: TrainingHabit
    /// Training in a Ghost block.
    public var response: BlockResponse
    /// Days (1-based) that follow a night shorter than `response.shortNightMinutes`; a scenario's `morningSignals`
    /// sleep below it counts too.
    public var shortNights: [Int]

    /// Creates a behaviour.
    public init(habit: TrainingHabit, response: BlockResponse, shortNights: [Int] = []) {
        self.habit = habit
        self.response = response
        self.shortNights = shortNights
    }

    public init(from decoder: any Decoder) throws {
        let keys = try decoder.container(keyedBy: CodingKeys.self)
        habit = try keys.decode(TrainingHabit.self, forKey: .habit)
        response = try keys.decode(BlockResponse.self, forKey: .response)
        shortNights = try keys.decodeIfPresent([Int].self, forKey: .shortNights) ?? []
    }

    /// The chance of training in a block that starts at `blockHour` (local, fractional) on a day of `weekday` (1 Sunday
    /// … 7 Saturday) with `busyHours` of busy time, after a short night or not: the response's chance for an
    /// accepted (`accepted`) or written block, times each factor that applies, times `readiness`; never below the
    /// habit's own chance at the habit's hour (a block at one's usual time is at least one's usual training).
    public func chanceInBlock(
        blockHour: Double, accepted: Bool, weekday: Int, busyHours: Double, shortNight: Bool, readiness: Double
    ) -> Double {
        var chance = accepted ? response.accepted : response.written
        let away = abs(blockHour - Double(habit.hour))
        chance *= max(response.farFromHabit, 1 - response.perHourFromHabit * away)
        if busyHours >= response.busyDayHours { chance *= response.busyDay }
        if shortNight { chance *= response.shortNight }
        let usual = away < 1 ? habit.chance(weekday: weekday) : 0
        return max(chance, usual) * readiness
    }

    /// The chance of training on one's own on `weekday` (no block, or a block skipped that is 2 hours or more from the
    /// habit's hour), times `readiness`.
    public func chanceOnOwn(weekday: Int, readiness: Double) -> Double {
        habit.chance(weekday: weekday) * readiness
    }
}

/// When a user trains with nobody asking: a chance per weekday, at one hour.
public struct TrainingHabit: Codable, Sendable, Equatable {
    /// Chance of training on one's own, Monday first (7 values, 0…1).
    public var byWeekday: [Double]
    /// The local hour they train at on their own (0…23).
    public var hour: Int

    /// Creates a habit.
    public init(byWeekday: [Double], hour: Int) {
        self.byWeekday = byWeekday
        self.hour = hour
    }

    /// The chance on `weekday` (1 Sunday … 7 Saturday, as `LocalDay.weekday` numbers them).
    public func chance(weekday: Int) -> Double {
        let mondayFirst = (weekday + 5) % 7
        return byWeekday.indices.contains(mondayFirst) ? byWeekday[mondayFirst] : 0
    }
}

/// How a user answers a Ghost block on their calendar.
public struct BlockResponse: Codable, Sendable, Equatable {
    /// Chance of training in a block they said yes to (an accepted proposal), at their habit's hour.
    public var accepted: Double
    /// Chance of training in a block the Ghost wrote without asking, at their habit's hour.
    public var written: Double
    /// The chance falls by this share per hour the block starts away from the habit's hour…
    public var perHourFromHabit: Double
    /// …down to this factor at most.
    public var farFromHabit: Double
    /// Factor on a day with `busyDayHours` or more of busy time on the calendar.
    public var busyDay: Double
    public var busyDayHours: Double
    /// Factor after a night shorter than `shortNightMinutes`.
    public var shortNight: Double
    public var shortNightMinutes: Int

    /// Creates a response.
    public init(
        accepted: Double, written: Double, perHourFromHabit: Double, farFromHabit: Double, busyDay: Double, busyDayHours: Double,
        shortNight: Double, shortNightMinutes: Int
    ) {
        self.accepted = accepted
        self.written = written
        self.perHourFromHabit = perHourFromHabit
        self.farFromHabit = farFromHabit
        self.busyDay = busyDay
        self.busyDayHours = busyDayHours
        self.shortNight = shortNight
        self.shortNightMinutes = shortNightMinutes
    }
}

extension TrainingBehaviour {
    /// Checks every chance and hour.
    /// - Throws: `ScenarioError` naming the key path under `path`.
    func validate(_ path: String) throws(ScenarioError) {
        guard habit.byWeekday.count == 7 else {
            throw ScenarioError(path: "\(path).habit.byWeekday", message: "needs 7 chances, Monday first")
        }
        for (index, chance) in habit.byWeekday.enumerated() { try ScenarioError.checkChance("\(path).habit.byWeekday[\(index)]", chance) }
        guard (0...23).contains(habit.hour) else { throw ScenarioError(path: "\(path).habit.hour", message: "must be 0…23, is \(habit.hour)") }
        try ScenarioError.checkChance("\(path).response.accepted", response.accepted)
        try ScenarioError.checkChance("\(path).response.written", response.written)
        try ScenarioError.checkChance("\(path).response.perHourFromHabit", response.perHourFromHabit)
        try ScenarioError.checkChance("\(path).response.farFromHabit", response.farFromHabit)
        try ScenarioError.checkChance("\(path).response.busyDay", response.busyDay)
        try ScenarioError.checkChance("\(path).response.shortNight", response.shortNight)
        guard response.busyDayHours.isFinite, (0...24).contains(response.busyDayHours) else {
            throw ScenarioError(path: "\(path).response.busyDayHours", message: "must be 0…24, is \(response.busyDayHours)")
        }
        guard (0...1440).contains(response.shortNightMinutes) else {
            throw ScenarioError(path: "\(path).response.shortNightMinutes", message: "must be 0…1440, is \(response.shortNightMinutes)")
        }
    }
}
