import CivilCalendar
import Foundation
import Testing
import GhostEngine

struct TriageDeskTests {
    let rules = TriageRules()
    let mondaySeven = SlotKey(weekday: 2, hour: 7)

    func block(_ number: Int) -> BlockID { BlockID(rawValue: "b\(number)") }

    @Test func firstMissOfTheDayAsksAQuestion() throws {
        var triage = TriageDesk()
        let effects = try triage.handle(.blockMissed(block(1), slot: mondaySeven), at: TestTime.moment(0, 9), rules: rules)
        #expect(effects == [.askTriage(block(1))])
        #expect(triage.openQuestion?.block == block(1))
    }

    @Test func secondMissTheSameLocalDayIsRecordedAsUnknown() throws {
        var triage = TriageDesk()
        _ = try triage.handle(.blockMissed(block(1), slot: mondaySeven), at: TestTime.moment(0, 9), rules: rules)
        _ = try triage.handle(.answered(block(1), .lifeHappened), at: TestTime.moment(0, 10), rules: rules)
        let effects = try triage.handle(.blockMissed(block(2), slot: mondaySeven), at: TestTime.moment(0, 18), rules: rules)
        #expect(effects == [.resolved(block(2), .unknown)])
        #expect(triage.openQuestion == nil)
    }

    @Test func nextLocalDayMayAskAgain() throws {
        var triage = TriageDesk()
        _ = try triage.handle(.blockMissed(block(1), slot: mondaySeven), at: TestTime.moment(0, 23, 30), rules: rules)
        _ = try triage.handle(.answered(block(1), .lifeHappened), at: TestTime.moment(0, 23, 40), rules: rules)
        let effects = try triage.handle(.blockMissed(block(2), slot: mondaySeven), at: TestTime.moment(1, 0, 10), rules: rules)
        #expect(effects == [.askTriage(block(2))])
    }

    @Test func localDayNotUTCDayDecidesOnADSTDay() throws {
        // 2026-03-29 is 23 hours long in Berlin; 00:30 and 23:30 local are the same local day but different UTC days.
        var triage = TriageDesk()
        let early = try TestTime.berlin.date(on: LocalDay(year: 2026, month: 3, day: 29), hour: 0, minute: 30)
        let late = try TestTime.berlin.date(on: LocalDay(year: 2026, month: 3, day: 29), hour: 23, minute: 30)
        #expect(late.timeIntervalSince(early) == 22 * 3600)
        let sunday = SlotKey(weekday: 1, hour: 0)
        _ = try triage.handle(.blockMissed(block(1), slot: sunday), at: TestTime.berlin.moment(at: early), rules: rules)
        _ = try triage.handle(.answered(block(1), .feltUnwell), at: TestTime.berlin.moment(at: early.addingTimeInterval(60)), rules: rules)
        let sameDay = try triage.handle(.blockMissed(block(2), slot: sunday), at: TestTime.berlin.moment(at: late), rules: rules)
        #expect(sameDay == [.resolved(block(2), .unknown)])
        let nextDay = try triage.handle(
            .blockMissed(block(3), slot: sunday), at: TestTime.berlin.moment(at: late.addingTimeInterval(3600)), rules: rules)
        #expect(nextDay == [.askTriage(block(3))])
    }

    @Test func aMissInASacredSlotIsNotAskedBecauseNoAnswerCanChangeIt() throws {
        var triage = TriageDesk()
        for day in 0..<3 { _ = try triage.handle(.blockDeleted(slot: mondaySeven), at: TestTime.moment(day, 6), rules: rules) }
        #expect(triage.isSacred(mondaySeven))
        let effects = try triage.handle(.blockMissed(block(1), slot: mondaySeven), at: TestTime.moment(3, 9), rules: rules)
        #expect(effects == [.resolved(block(1), .unknown)])
        #expect(triage.openQuestion == nil)
        let elsewhere = try triage.handle(.blockMissed(block(2), slot: SlotKey(weekday: 3, hour: 18)), at: TestTime.moment(3, 20), rules: rules)
        #expect(elsewhere == [.askTriage(block(2))])
    }

    @Test func missWhileAQuestionIsOpenIsRecordedAsUnknown() throws {
        var triage = TriageDesk()
        _ = try triage.handle(.blockMissed(block(1), slot: mondaySeven), at: TestTime.moment(0, 22), rules: rules)
        let effects = try triage.handle(.blockMissed(block(2), slot: mondaySeven), at: TestTime.moment(1, 9), rules: rules)
        #expect(effects == [.resolved(block(2), .unknown)])
        #expect(triage.openQuestion?.block == block(1))
    }

    @Test func questionUnansweredFor24HoursResolvesAsUnknown() throws {
        var triage = TriageDesk()
        _ = try triage.handle(.blockMissed(block(1), slot: mondaySeven), at: TestTime.moment(0, 9), rules: rules)
        let asked = try TestTime.date(0, 9)
        let justBefore = TestTime.berlin.moment(at: asked.addingTimeInterval(24 * 3600 - 1))
        #expect(try triage.handle(.tick, at: justBefore, rules: rules).isEmpty)
        let exactly = TestTime.berlin.moment(at: asked.addingTimeInterval(24 * 3600))
        #expect(try triage.handle(.tick, at: exactly, rules: rules) == [.resolved(block(1), .unknown)])
        #expect(triage.openQuestion == nil)
    }

    @Test func tickWithoutAnOpenQuestionDoesNothing() throws {
        var triage = TriageDesk()
        #expect(try triage.handle(.tick, at: TestTime.moment(0, 9), rules: rules).isEmpty)
    }

    @Test func answerToAQuestionNotOpenIsATypedError() throws {
        var triage = TriageDesk()
        let moment = try TestTime.moment(0, 9)
        #expect(throws: EngineError.noOpenTriageQuestion(block(9))) {
            try triage.handle(.answered(block(9), .lifeHappened), at: moment, rules: rules)
        }
    }

    /// Misses `count` blocks on consecutive Mondays in the same slot, each answered with `reason`.
    func rejectSlot(_ count: Int, reason: MissReason) throws -> (TriageDesk, [TriageDesk.Effect]) {
        var triage = TriageDesk()
        var effects: [TriageDesk.Effect] = []
        for week in 0..<count {
            _ = try triage.handle(.blockMissed(block(week), slot: mondaySeven), at: TestTime.moment(7 * week, 9), rules: rules)
            effects += try triage.handle(.answered(block(week), reason), at: TestTime.moment(7 * week, 10), rules: rules)
        }
        return (triage, effects)
    }

    @Test func slotRejectedThreeTimesBecomesSacred() throws {
        let (triage, effects) = try rejectSlot(3, reason: .badTimeSlot)
        #expect(effects.last == .slotBecameSacred(mondaySeven))
        #expect(triage.isSacred(mondaySeven))
        #expect(triage.sacredSlots == [mondaySeven])
    }

    @Test func slotRejectedTwiceIsNotSacred() throws {
        let (triage, _) = try rejectSlot(2, reason: .badTimeSlot)
        #expect(!triage.isSacred(mondaySeven))
        #expect(triage.rejections == [SlotRejection(slot: mondaySeven, count: 2)])
    }

    @Test func furtherRejectionsDoNotAnnounceSacredAgain() throws {
        var (triage, effects) = try rejectSlot(3, reason: .badTimeSlot)
        for day in 21..<24 { effects += try triage.handle(.blockDeleted(slot: mondaySeven), at: TestTime.moment(day, 6), rules: rules) }
        #expect(effects.filter { $0 == .slotBecameSacred(mondaySeven) }.count == 1)
    }

    @Test func lifeHappenedAndFeltUnwellDoNotPenaliseTheSlot() throws {
        let (life, _) = try rejectSlot(3, reason: .lifeHappened)
        let unwell = try rejectSlot(3, reason: .feltUnwell).0
        #expect(life.rejections.isEmpty && unwell.rejections.isEmpty)
        #expect(!life.isSacred(mondaySeven))
    }

    @Test func clearingASacredSlotFreesItAndResetsItsCount() throws {
        var (triage, _) = try rejectSlot(3, reason: .badTimeSlot)
        #expect(try triage.handle(.clearSacred(mondaySeven), at: TestTime.moment(30, 9), rules: rules) == [.slotCleared(mondaySeven)])
        #expect(!triage.isSacred(mondaySeven))
        #expect(triage.rejections.isEmpty)
        #expect(try triage.handle(.clearSacred(mondaySeven), at: TestTime.moment(30, 9), rules: rules).isEmpty)
    }

    @Test func slotKeysReadAsWeekdayAndHour() {
        #expect(SlotKey(weekday: 2, hour: 7).description == "Mon 07:00")
        #expect(SlotKey(weekday: 7, hour: 18).description == "Sat 18:00")
        #expect(SlotKey(weekday: 9, hour: 18).description == "day9 18:00")
        #expect(SlotKey(weekday: 1, hour: 9) < SlotKey(weekday: 2, hour: 7))
    }
}
