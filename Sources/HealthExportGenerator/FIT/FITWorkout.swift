import Foundation

/// One workout as a FIT `session`: what the writer puts in a file and what an importer should read back.
public struct FITWorkout: Sendable, Equatable {
    public var start: Date
    /// Seconds from start to end, pauses included (`total_elapsed_time`).
    public var elapsedSeconds: Int
    /// Seconds the timer ran (`total_timer_time`).
    public var timerSeconds: Int
    /// FIT `sport` and `sub_sport` enums, e.g. 1/0 running, 10/20 strength training.
    public var sport: UInt8
    public var subSport: UInt8
    /// `total_calories` in kcal, or nil to leave the field out.
    public var calories: UInt16?

    public init(start: Date, elapsedSeconds: Int, timerSeconds: Int, sport: UInt8, subSport: UInt8 = 0, calories: UInt16?) {
        self.start = start
        self.elapsedSeconds = elapsedSeconds
        self.timerSeconds = timerSeconds
        self.sport = sport
        self.subSport = subSport
        self.calories = calories
    }
}
