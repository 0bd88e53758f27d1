import Foundation
import Testing

@testable import GhostEngine

/// What a notification says to a human (its title, body and button labels) never shows an id: a block is named by its
/// day and time, a workout by its length and kind. Ids stay in the message key, the action ids and the commands.
struct NotificationWordsTests {
    @Test func aProposalATriageQuestionAndAnImportedWorkoutShowNoIdInWhatAPersonReads() throws {
        var fixture = try GhostFixture(phase: .scheduler)
        try fixture.place(day: 1, hour: 7)
        try fixture.place(day: 2, hour: 7)
        let missed = try #require(fixture.ghost.blocks.first { $0.day == fixture.ghost.calendar.day(of: try TestTime.date(1, 7)) })
        try fixture.send(.proposalAnswered(missed.id, accepted: true), day: 1, hour: 6)
        try fixture.send(.tick, day: 1, hour: 9)
        let start = try TestTime.date(1, 18)
        try fixture.send(
            .workoutRecorded(WorkoutReport(
                id: "sample:417", start: start, end: start.addingTimeInterval(2_700), confidence: 0.9, source: "garmin", activity: "running")),
            day: 1, hour: 19)
        let messages = GhostMessages.pending(ghost: fixture.ghost, now: try TestTime.date(1, 19, 5), breakerFiredAt: nil)
        #expect(Set(messages.map(\.kind)).isSuperset(of: [.proposal, .triage, .workoutLogged]), "\(messages.map(\.kind))")
        let id = #/\b(b\d+|sample:\d+|log:\d+)\b/#
        for message in messages {
            let read = [message.title, message.body] + message.actions.map(\.label)
            #expect(read.allSatisfy { !$0.contains(id) }, "\(read)")
        }
    }
}
