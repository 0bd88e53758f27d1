/// The fields of a `session` message (global 18) a workout needs; nil where the file gives no valid value.
struct FITSession {
    /// Seconds since the FIT epoch (1989-12-31T00:00:00Z).
    var startTime: UInt32?
    /// When the session message was written (its end), seconds since the FIT epoch.
    var timestamp: UInt32?
    /// Milliseconds (scale 1000) from start to end, pauses included.
    var totalElapsedMilliseconds: UInt32?
    /// Milliseconds the timer ran (pauses excluded).
    var totalTimerMilliseconds: UInt32?
    var sport: UInt8?
    var subSport: UInt8?
    var totalCalories: UInt16?
    /// The message's 1-based number in the file and its byte offset, for skip messages.
    var messageNumber = 0
    var byteOffset = 0
}
