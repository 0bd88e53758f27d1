/// Makes up one day of a Mi Band–like wearer at a time: 1440 minute samples (a night from about 00:30 local,
/// core and deep sleep in turn, coded as Huami bands do), steps by day and now and then a workout; and counts
/// the records an importer should make of them.
struct GadgetbridgeDayPlan {
    /// One minute sample.
    struct Minute {
        var intensity: Int
        var steps: Int
        var rawKind: Int
        var heartRate: Int
    }

    /// One workout of `BASE_ACTIVITY_SUMMARY`, times in seconds.
    struct Workout {
        var name: String
        var start: Int64
        var end: Int64
        var kind: Int
        var kilocalories: Int
    }

    private(set) var sleepSegments = 0
    private(set) var restingHeartRates = 0
    private(set) var workouts = 0
    private var stepHours = 0

    static let lightSleep = 9
    static let deepSleep = 11
    static let activity = 1

    mutating func minutes(forDayStartingAt midnight: Int64, random: inout SeededRandom) -> [Minute] {
        var minutes = (0..<1440).map { index -> Minute in
            let hour = index / 60
            let walking = (7...22).contains(hour) && random.chance(30)
            return Minute(
                intensity: walking ? random.int(20...90) : random.int(0...10), steps: walking ? random.int(10...130) : 0,
                rawKind: Self.activity, heartRate: walking ? random.int(80...120) : random.int(55...75))
        }
        var minute = random.int(30...75)
        let wake = minute + random.int(360...480)
        var deep = false
        while minute < wake {
            let length = min(wake - minute, deep ? random.int(10...40) : random.int(20...80))
            let code = deep ? Self.deepSleep : Self.lightSleep
            for offset in 0..<length {
                minutes[minute + offset] = Minute(
                    intensity: random.int(0...15), steps: 0, rawKind: offset > 0 && random.chance(30) ? 0 : code,
                    heartRate: random.int(48...60))
            }
            sleepSegments += 1
            minute += length
            deep.toggle()
        }
        for hour in 0..<24 where minutes[hour * 60..<(hour + 1) * 60].contains(where: { $0.steps > 0 }) {
            stepHours += 1
        }
        return minutes
    }

    mutating func countRestingHeartRate() {
        restingHeartRates += 1
    }

    /// A workout on about two days in five, in the early evening.
    mutating func workout(forDayStartingAt midnight: Int64, random: inout SeededRandom) -> Workout? {
        guard random.chance(40) else { return nil }
        let kinds = [("Running", 0x10), ("Cycling", 0x80), ("Walking", 0x20), ("Strength", 0x20_0000)]
        let (name, kind) = kinds[random.int(0...(kinds.count - 1))]
        let start = midnight + Int64(random.int(18 * 60...19 * 60 + 59) * 60)
        let minutes = random.int(30...90)
        workouts += 1
        return Workout(name: name, start: start, end: start + Int64(minutes * 60), kind: kind, kilocalories: minutes * random.int(5...11))
    }

    /// Hours with steps, the `steps` records an importer should make.
    func finishSteps() -> Int {
        stepHours
    }
}
