import CivilCalendar
import Foundation
import GhostEngine
import Testing
import GhostScheduling

@Suite struct SacredTimeTests {
    private let anyTime = TrainingSettings(durationMinutes: 45)

    @Test func weekendMorningBeforeNineIsSacred() throws {
        let slots = try Week.finder(anyTime).slots(on: Week.saturday, request: SlotRequest(firstDay: Week.saturday))
        // 08:15–09:00 would touch the sacred morning; 09:00 is the first start outside it.
        #expect(slots.first?.localStart == TimeOfDay(hour: 9))
        let sunday = try Week.finder(anyTime).slots(on: Week.saturday.adding(days: 1), request: SlotRequest(firstDay: Week.saturday))
        #expect(sunday.first?.localStart == TimeOfDay(hour: 9))
    }

    @Test func weekdayMorningIsNotSacred() throws {
        let slots = try Week.finder(anyTime).slots(on: Week.monday, request: SlotRequest(firstDay: Week.monday))
        #expect(slots.first?.localStart == TimeOfDay(hour: 6))
    }

    @Test func lunchIsSacredUnlessOptedIn() throws {
        let settings = TrainingSettings(durationMinutes: 45, earliest: TimeOfDay(hour: 11), latest: TimeOfDay(hour: 13, minute: 30))
        let request = SlotRequest(firstDay: Week.monday)
        // 11:15–12:00 ends exactly when lunch starts; 11:30 would end at 12:15.
        #expect(Week.starts(try Week.finder(settings).slots(on: Week.monday, request: request)) == ["11:00", "11:15"])
        var rules = SchedulingRules.standard
        rules.sacred.lunchOptIn = true
        #expect(try Week.finder(settings, rules: rules).slots(on: Week.monday, request: request).count == 8)
    }

    @Test func recurringPersonalEventInAProtectedCategoryIsSacred() throws {
        let settings = TrainingSettings(durationMinutes: 60, earliest: TimeOfDay(hour: 17), latest: TimeOfDay(hour: 20))
        let family = PersonalEvent(start: try Week.at(0, 18), end: try Week.at(0, 19), category: "Family", isRecurring: true)
        let request = SlotRequest(firstDay: Week.monday, personalEvents: [family])
        // No buffer around sacred time: 17:00–18:00 and 19:00–20:00 touch it without overlapping.
        #expect(Week.starts(try Week.finder(settings).slots(on: Week.monday, request: request)) == ["17:00", "19:00"])
    }

    @Test func oneOffOrUnprotectedPersonalEventIsNotSacred() throws {
        let settings = TrainingSettings(durationMinutes: 60, earliest: TimeOfDay(hour: 17), latest: TimeOfDay(hour: 20))
        let oneOff = PersonalEvent(start: try Week.at(0, 18), end: try Week.at(0, 19), category: "family", isRecurring: false)
        let hobby = PersonalEvent(start: try Week.at(0, 18), end: try Week.at(0, 19), category: "chess", isRecurring: true)
        for event in [oneOff, hobby] {
            let slots = try Week.finder(settings).slots(on: Week.monday, request: SlotRequest(firstDay: Week.monday, personalEvents: [event]))
            #expect(slots.count == 9)
        }
    }

    @Test func rejectedSlotIsNeverTouched() throws {
        let settings = TrainingSettings(durationMinutes: 45, earliest: TimeOfDay(hour: 6), latest: TimeOfDay(hour: 9))
        let request = SlotRequest(firstDay: Week.monday, sacredSlots: [SlotKey(weekday: 2, hour: 7)])
        // 06:15–07:00 ends at the slot's start; 08:00 starts at its end.
        #expect(Week.starts(try Week.finder(settings).slots(on: Week.monday, request: request)) == ["06:00", "06:15", "08:00", "08:15"])
        let tuesday = try Week.finder(settings).slots(on: Week.monday.adding(days: 1), request: request)
        #expect(tuesday.count == 10)  // 06:00 … 08:15 every 15 minutes
    }

}
