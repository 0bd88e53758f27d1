import Foundation

/// Made-up workouts for FIT files, from a seed: one every day or two at a plausible hour, of a few sports.
public struct FITWorkoutGenerator: Sendable {
    public var seed: UInt64
    /// Days since 1970-01-01 of the day before the first workout's (which comes one or two days later); 19723 is 2024-01-01.
    public var firstDay: Int

    public init(seed: UInt64 = 1, firstDay: Int = 19_723) {
        self.seed = seed
        self.firstDay = firstDay
    }

    /// Sports as (sport, sub_sport, minutes range, kcal per minute).
    private static let sports: [(UInt8, UInt8, ClosedRange<Int>, Int)] = [
        (1, 0, 25...70, 11), (2, 0, 40...150, 9), (10, 20, 30...60, 6), (5, 17, 30...60, 9), (11, 0, 20...90, 4),
        (17, 0, 90...300, 6), (10, 43, 30...75, 3), (2, 6, 30...60, 10),
    ]

    /// `count` workouts in time order, the same for the same seed.
    public func workouts(count: Int) -> [FITWorkout] {
        var random = SeededRandom(seed: seed)
        var day = firstDay
        return (0..<count).map { _ in
            day += random.int(1...2)
            let sport = Self.sports[random.int(0...(Self.sports.count - 1))]
            let minutes = random.int(sport.2)
            let pauses = random.chance(30) ? random.int(1...8) * 60 : 0
            let startSecond = day * 86_400 + random.int(6...19) * 3600 + random.int(0...59) * 60
            return FITWorkout(
                start: Date(timeIntervalSince1970: Double(startSecond)), elapsedSeconds: minutes * 60 + pauses,
                timerSeconds: minutes * 60, sport: sport.0, subSport: sport.1,
                calories: random.chance(90) ? UInt16(minutes * sport.3) : nil)
        }
    }
}
