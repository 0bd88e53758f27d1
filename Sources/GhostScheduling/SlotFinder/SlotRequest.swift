import CivilCalendar
import Foundation
import GhostEngine

/// Everything the slot finder needs besides settings and rules, as plain values from the daemon.
public struct SlotRequest: Codable, Sendable, Equatable {
    /// First day to plan (normally tomorrow).
    public var firstDay: LocalDay
    /// Number of days to plan (7 = tomorrow and the rest of the week).
    public var days: Int
    /// Busy intervals from every calendar.
    public var busy: [BusyInterval]
    /// Days whose calendar could not be read: blocks there are proposals at most.
    public var unknownDays: [LocalDay]
    /// Travel days: nothing is placed there.
    public var travelDays: [LocalDay]
    /// Recurring personal events (protected when their category is protected).
    public var personalEvents: [PersonalEvent]
    /// Weekday+hour slots that became sacred (deletions or bad-time answers).
    public var sacredSlots: [SlotKey]
    /// Learned completion rate per weekday+hour, 0…1.
    public var slotPreferences: [SlotPreference]
    /// Predicted skip probability per day, 0…1.
    public var skipPredictions: [DaySkipPrediction]
    /// Sessions already on the calendar (their days are taken; the gap is kept from them; they count for their week).
    public var existingSessions: [Date]
    /// Starts of the sessions the weeks the horizon touches already had: blocks done or missed (their days are taken;
    /// the gap is kept from them; they count for their week).
    public var pastSessions: [Date]
    /// Of `pastSessions`, those missed (their time passed with no workout): a week's tally tells them from those done.
    public var missedSessions: [Date]
    /// Days the user held (`vigorctl plan --hold`, or a weekly yes to the holds): kept when they have room.
    public var heldDays: [LocalDay]
    /// Days the user released: used only when the week has no other room.
    public var releasedDays: [LocalDay]

    /// Creates a request; everything but the days is optional.
    public init(
        firstDay: LocalDay, days: Int = 7, busy: [BusyInterval] = [], unknownDays: [LocalDay] = [],
        travelDays: [LocalDay] = [], personalEvents: [PersonalEvent] = [], sacredSlots: [SlotKey] = [],
        slotPreferences: [SlotPreference] = [], skipPredictions: [DaySkipPrediction] = [],
        existingSessions: [Date] = [], pastSessions: [Date] = [], heldDays: [LocalDay] = [], releasedDays: [LocalDay] = [],
        missedSessions: [Date] = []
    ) {
        self.firstDay = firstDay
        self.days = days
        self.busy = busy
        self.unknownDays = unknownDays
        self.travelDays = travelDays
        self.personalEvents = personalEvents
        self.sacredSlots = sacredSlots
        self.slotPreferences = slotPreferences
        self.skipPredictions = skipPredictions
        self.existingSessions = existingSessions
        self.pastSessions = pastSessions
        self.missedSessions = missedSessions
        self.heldDays = heldDays
        self.releasedDays = releasedDays
    }
}

/// A learned completion rate for one weekday+hour slot.
public struct SlotPreference: Codable, Sendable, Equatable {
    /// The slot.
    public let slot: SlotKey
    /// Completion rate, 0…1.
    public let rate: Double

    /// Creates a preference.
    public init(slot: SlotKey, rate: Double) {
        self.slot = slot
        self.rate = rate
    }
}

/// A predicted skip probability for one day.
public struct DaySkipPrediction: Codable, Sendable, Equatable {
    /// The day.
    public let day: LocalDay
    /// Probability the user skips a session that day, 0…1.
    public let probability: Double

    /// Creates a prediction.
    public init(day: LocalDay, probability: Double) {
        self.day = day
        self.probability = probability
    }
}

extension SlotRequest {
    /// Checks the values can be scored deterministically: rates within 0…1 (a NaN would break the ordering),
    /// intervals that do not end before they start.
    /// - Throws: `SchedulingError.invalidSetting` naming the first bad value, e.g. `skipPredictions[2].probability`.
    public func validate() throws(SchedulingError) {
        for (index, preference) in slotPreferences.enumerated() where !(0...1).contains(preference.rate) {
            throw .invalidSetting(name: "slotPreferences[\(index)].rate", problem: "must be within 0…1, is \(preference.rate)")
        }
        for (index, prediction) in skipPredictions.enumerated() where !(0...1).contains(prediction.probability) {
            throw .invalidSetting(
                name: "skipPredictions[\(index)].probability", problem: "must be within 0…1, is \(prediction.probability)")
        }
        for (index, interval) in busy.enumerated() where interval.end < interval.start {
            throw .invalidSetting(name: "busy[\(index)]", problem: "ends before it starts")
        }
        for (index, event) in personalEvents.enumerated() where event.end < event.start {
            throw .invalidSetting(name: "personalEvents[\(index)]", problem: "ends before it starts")
        }
    }
}
