import ICalendarKit
import Foundation
import GhostEngine
import GhostScheduling

/// Turns the calendars' events into travel evidence for
/// `TravelDetector` (rules in Docs/engine.md, "Travel").
enum CalendarTravelEvidence {
    /// Evidence from events: every all-day event, once per local day it covers (the detector looks for
    /// travel words in its title and categories); every timed event's title; the zone of a timed event
    /// without attendees (your own plans say where you are; a meeting set in a colleague's zone does
    /// not); both zones of an event that starts and ends in different ones (a flight), meeting or not; and,
    /// when `homePosition` is known, how far from it a busy timed event with a place (GEO or Apple's structured
    /// location) takes place: a place is physical, so a meeting counts, but one you declined does not.
    static func evidence(from events: [ListedEvent], home: LocalCalendar, homePosition: GeoPosition? = nil) -> [TravelEvidence] {
        var evidence: [TravelEvidence] = []
        for event in events {
            let category = event.categories.joined(separator: " ")
            if event.isAllDay {
                var day = home.day(of: event.start)
                let last = home.day(of: event.end.addingTimeInterval(-1))
                while day <= last {
                    evidence.append(.allDayEvent(day: day, title: event.summary, category: category))
                    day = day.adding(days: 1)
                }
                continue
            }
            evidence.append(.timedEvent(start: event.start, title: event.summary, category: category))
            evidence += zoneEvidence(start: event.start, end: event.end, startZone: event.startZone, endZone: event.endZone,
                                     meeting: event.hasAttendees)
            if let homePosition, let position = event.position, event.isBusy {
                evidence.append(.eventAtDistance(start: event.start, distanceKilometres: homePosition.kilometres(to: position)))
            }
        }
        return evidence
    }

    /// The zones of one timed event that say where you are: a flight's both ends; otherwise the start
    /// zone of an event that is not a meeting.
    private static func zoneEvidence(
        start: Date, end: Date, startZone: ListedEvent.Zone?, endZone: ListedEvent.Zone?, meeting: Bool
    ) -> [TravelEvidence] {
        guard let startZone else { return [] }
        if let endZone, endZone.offsetSeconds != startZone.offsetSeconds {
            return [.eventAcrossZones(
                start: start, startOffsetSeconds: startZone.offsetSeconds, startZoneName: startZone.name,
                end: end, endOffsetSeconds: endZone.offsetSeconds, endZoneName: endZone.name)]
        }
        return meeting ? [] : [.eventAtOffset(start: start, offsetSeconds: startZone.offsetSeconds, zoneName: startZone.name)]
    }
}
