import Foundation
import GhostEngine
import Testing
import VigorRPC

@testable import VigorDaemon

/// Monday 2026-11-23 06:00 Berlin.
private let monday = Date(timeIntervalSince1970: 1_795_410_000)

@Test func aDegradedGhostSaysWhichFailuresSinceWhenAndWhatToDo() throws {
    var ghost = Ghost(startingAt: monday, timeZone: TimeZone(identifier: "Europe/Berlin")!)
    _ = try ghost.handle(.backgroundFailed(.calendarWriteFailed), now: monday)
    _ = try ghost.handle(.backgroundFailed(.notificationFailed), now: monday.addingTimeInterval(600))
    let status = GhostStatus(ghost, now: monday.addingTimeInterval(3600))
    #expect(status.ghostHealth == "degraded")
    let problem = try #require(status.ghostHealthProblem, "Degraded never comes without its reason")
    #expect(problem.since.description == "2026-11-23T06:10:00+01:00")
    #expect(problem.failures.map(\.kind) == ["calendarWriteFailed", "notificationFailed"])
    #expect(problem.failures.allSatisfy { !$0.words.isEmpty && !$0.whatToDo.isEmpty && $0.count == 1 })
    #expect(problem.failures.first?.lastAt.description == "2026-11-23T06:00:00+01:00")
    #expect(problem.recovery == "It steps back towards healthy after 3 background runs in a row succeed.")
    #expect(problem.unrecorded == nil)
    let json = String(decoding: try RPCCoding.makeEncoder().encode(status), as: UTF8.self)
    #expect(json.contains(#""whatToDo""#) && json.contains(#""since""#))
    #expect(GhostStatus(Ghost(startingAt: monday, timeZone: .gmt), now: monday).ghostHealthProblem == nil, "a healthy Ghost has none")
}
