import CivilCalendar
import Foundation
import GhostEngine
import Testing
import GhostScheduling

@Suite struct MoveLaterTests {
    @Test func newConflictMovesToTheNearestLaterFreeStartTheSameDay() throws {
        let request = SlotRequest(firstDay: Week.monday, busy: [try Week.busy(0, (7, 0), (7, 30))])
        let outcome = try Week.finder().moveLater(blockStart: try Week.at(0, 7), request: request)
        guard case .sameDay(let block) = outcome else {
            Issue.record("expected a same-day move, got \(outcome)")
            return
        }
        // 07:30 + 10-minute buffer = 07:40; the next step on the 15-minute grid is 07:45.
        #expect(block.chosen.start == (try Week.at(0, 7, 45)))
        #expect(Week.starts(block.alternatives) == ["08:00", "08:15", "08:30"])
    }

    @Test func nearestLaterWinsOverABetterScoreLaterThatDay() throws {
        // Busy until 08:50 plus the 10-minute buffer: the nearest later start is 09:00, outside the preferred
        // window (score 0.25), and it is taken even though nothing later scores higher.
        let request = SlotRequest(firstDay: Week.monday, busy: [try Week.busy(0, (6, 50), (8, 50))])
        let outcome = try Week.finder().moveLater(blockStart: try Week.at(0, 7), request: request)
        #expect(outcome.plannedBlock?.chosen.start == (try Week.at(0, 9)))
    }

    @Test func aMoveKeepsToTheEveningWindowLeftThatDayBeforeTheNearestFreeTimeOutsideIt() throws {
        // Mornings and evenings preferred; a shift now covers 06:00–14:30: 14:45 is free first, but 18:00 is in a window.
        var settings = Week.morningSettings
        settings.preferredWindows.append(TimeWindow(from: TimeOfDay(hour: 18), to: TimeOfDay(hour: 20)))
        let request = SlotRequest(firstDay: Week.monday, busy: [try Week.busy(0, (6, 0), (14, 30))])
        let outcome = try Week.finder(settings).moveLater(blockStart: try Week.at(0, 7), request: request)
        guard case .sameDay(let block) = outcome else {
            Issue.record("expected a same-day move, got \(outcome)")
            return
        }
        #expect(block.chosen.start == (try Week.at(0, 18)))
        #expect(Week.starts(block.alternatives) == ["18:15", "18:30", "18:45"])
    }

    @Test func fullDayMovesToTheNextSuitableDay() throws {
        let request = SlotRequest(
            firstDay: Week.monday, busy: [try Week.busy(0, (7, 0), (22, 0))],
            existingSessions: [try Week.at(1, 7)])
        let outcome = try Week.finder().moveLater(blockStart: try Week.at(0, 7), request: request)
        guard case .laterDay(let block) = outcome else {
            Issue.record("expected a later-day move, got \(outcome)")
            return
        }
        // Tuesday already has a session, so Wednesday's best slot is taken.
        #expect(block.chosen.start == (try Week.at(2, 7)))
    }

    @Test func moveToAnUnknownDayIsAProposalOnly() throws {
        let request = SlotRequest(
            firstDay: Week.monday, busy: [try Week.busy(0, (7, 0), (22, 0))], unknownDays: [Week.monday.adding(days: 1)])
        let outcome = try Week.finder().moveLater(blockStart: try Week.at(0, 7), request: request)
        #expect(outcome.plannedBlock?.autonomy == .proposalOnly)
    }

    @Test func noRoomWithinTheSearchDays() throws {
        let busy = try (0...7).map { try Week.busy($0, (0, 0), (23, 59)) }
        let outcome = try Week.finder().moveLater(blockStart: try Week.at(0, 7), request: SlotRequest(firstDay: Week.monday, busy: busy))
        #expect(outcome == .noRoom(searchedDays: 7))
    }

    @Test func moveIsDeterministic() throws {
        let request = SlotRequest(firstDay: Week.monday, busy: [try Week.busy(0, (7, 0), (12, 0))])
        let first = try Week.finder().moveLater(blockStart: try Week.at(0, 7), request: request)
        let second = try Week.finder().moveLater(blockStart: try Week.at(0, 7), request: request)
        #expect(first == second)
    }
}

extension MoveOutcome {
    var plannedBlock: PlannedBlock? {
        switch self {
        case .sameDay(let block), .laterDay(let block): block
        case .noRoom: nil
        }
    }
}
