import CivilCalendar
import Foundation
import Testing
import GhostEngine

struct GhostDayTests {
    @Test func passedBlocksBecomeMissedAndOnlyTheFirstIsAskedAbout() throws {
        var fixture = try GhostFixture(phase: .autoScheduler)
        let morning = try #require(try fixture.autoBlock(day: 0, hour: 7))
        let evening = try #require(try fixture.autoBlock(day: 0, hour: 18))
        let effects = try fixture.send(.tick, day: 0, hour: 23)
        #expect(effects.contains(.askTriage(morning)))
        #expect(effects.contains(.missResolved(evening, .unknown)))
        #expect(effects.attributions.map(\.appliedDelta) == [-0.005])
        #expect(fixture.ghost.block(morning)?.status == .missed)
        #expect(fixture.ghost.block(evening)?.status == .missed)
    }

    @Test func blockStillRunningIsNotMissed() throws {
        var fixture = try GhostFixture(phase: .autoScheduler)
        let id = try #require(try fixture.autoBlock(day: 0, hour: 7))
        #expect(try fixture.send(.tick, day: 0, hour: 7, minute: 44).isEmpty)
        #expect(fixture.ghost.block(id)?.status == .scheduled)
        #expect(try fixture.send(.tick, day: 0, hour: 7, minute: 45) == [.askTriage(id)])
    }

    @Test func answersMoveTrustByTheirReason() throws {
        for (reason, delta) in [(MissReason.badTimeSlot, -0.01), (.lifeHappened, -0.005), (.feltUnwell, -0.005), (.unknown, -0.005)] {
            var rules = EngineRules()
            rules.trust.initialScore = 0.5
            var fixture = try GhostFixture(rules: rules, phase: .autoScheduler)
            let id = try #require(try fixture.autoBlock(day: 0))
            _ = try fixture.send(.tick, day: 0, hour: 9)
            let effects = try fixture.send(.triageAnswered(id, reason), day: 0, hour: 10)
            #expect(effects.first == .missResolved(id, reason))
            #expect(effects.attributions.map(\.appliedDelta) == [delta])
        }
    }

    @Test func unansweredQuestionExpiresAsUnknownAfter24Hours() throws {
        var fixture = try GhostFixture(phase: .autoScheduler)
        let id = try #require(try fixture.autoBlock(day: 0))
        _ = try fixture.send(.tick, day: 0, hour: 9)
        #expect(try fixture.send(.tick, day: 1, hour: 8, minute: 59).isEmpty)
        let effects = try fixture.send(.tick, day: 1, hour: 9)
        #expect(effects.first == .missResolved(id, .unknown))
        #expect(fixture.ghost.triage.openQuestion == nil)
    }

    @Test func anUnansweredProposalExpiresAtItsStartAsIgnoredWithoutTrustChange() throws {
        var fixture = try GhostFixture(phase: .scheduler)
        guard case .proposeBlock(let block) = try fixture.place(day: 0, hour: 7).first else {
            Issue.record("expected a proposal")
            return
        }
        let score = fixture.ghost.trust.score
        #expect(try fixture.send(.tick, day: 0, hour: 6, minute: 59).isEmpty)
        #expect(try fixture.send(.tick, day: 0, hour: 7) == [.removeBlock(block.id)])
        #expect(fixture.ghost.block(block.id)?.status == .expired)
        #expect(fixture.ghost.trust.score == score)
    }

    @Test func aBlockCountsAsMissedOnlyAfterTheGraceAndThenAsksItsQuestion() throws {
        var fixture = try GhostFixture(phase: .autoScheduler, missedGraceMinutes: 120)
        let id = try #require(try fixture.autoBlock(day: 0))
        #expect(try fixture.send(.tick, day: 0, hour: 9, minute: 44).isEmpty)
        #expect(fixture.ghost.block(id)?.status == .scheduled)
        #expect(try fixture.send(.tick, day: 0, hour: 9, minute: 45) == [.askTriage(id)])
        #expect(fixture.ghost.block(id)?.status == .missed)
    }

    @Test func aWorkoutLoggedWithinTheGraceCompletesTheBlockAndNoQuestionIsAsked() throws {
        var fixture = try GhostFixture(phase: .autoScheduler, missedGraceMinutes: 120)
        let id = try #require(try fixture.autoBlock(day: 0))
        let report = WorkoutReport(id: "log:1", start: try TestTime.date(0, 7), end: try TestTime.date(0, 7, 40), confidence: 1)
        _ = try fixture.send(.workoutRecorded(report), day: 0, hour: 9)
        #expect(try fixture.send(.tick, day: 0, hour: 10).isEmpty)
        #expect(fixture.ghost.block(id)?.status == .completed)
    }

    @Test func acceptingAndDecliningProposalsMoveTrust() throws {
        var rules = EngineRules()
        rules.trust.initialScore = 0.5
        var fixture = try GhostFixture(rules: rules, phase: .scheduler)
        var ids: [BlockID] = []
        for day in 0..<2 {
            let placed = try fixture.place(day: day, hour: 7)
            guard case .proposeBlock(let block) = placed.first else {
                Issue.record("a Scheduler's evening on day \(day) proposed nothing: \(placed)")
                return
            }
            ids.append(block.id)
        }
        let accepted = try fixture.send(.proposalAnswered(ids[0], accepted: true), day: 0, hour: 6)
        let declined = try fixture.send(.proposalAnswered(ids[1], accepted: false), day: 1, hour: 6)
        #expect(accepted.attributions.map(\.appliedDelta) == [0.005])
        #expect(declined.attributions.map(\.appliedDelta) == [-0.01])
        #expect(fixture.ghost.block(ids[0])?.status == .scheduled)
        #expect(fixture.ghost.block(ids[1])?.status == .declined)
        #expect(throws: EngineError.self) { try fixture.send(.proposalAnswered(ids[0], accepted: true), day: 0, hour: 6) }
    }

    @Test func userMovingAnAutoBlockCostsALittleTrustAndMovesIt() throws {
        var rules = EngineRules()
        rules.trust.initialScore = 0.5
        var fixture = try GhostFixture(rules: rules, phase: .autoScheduler)
        let id = try #require(try fixture.autoBlock(day: 0))
        let effects = try fixture.send(.autoBlockMoved(id, to: TestTime.date(0, 12)), day: 0, hour: 6)
        #expect(effects.attributions.map(\.appliedDelta) == [-0.01])
        #expect(fixture.ghost.block(id)?.slot == SlotKey(weekday: 2, hour: 12))
    }

    @Test func workoutOutsideBlocksIsUnplannedAndCountsInTheDaySummary() throws {
        var fixture = try GhostFixture()
        let effects = try fixture.send(.workoutDetected(at: TestTime.date(0, 18), confidence: 1), day: 0, hour: 19)
        #expect(effects.attributions.first?.signal == .workoutCompleted(inGhostBlock: false))
        _ = try fixture.send(.dayClosed(TestTime.monday, signalCoverage: 0.9), day: 0, hour: 23, minute: 59)
        let summary = try #require(fixture.ghost.health.recentDays.last)
        #expect(summary.unplannedWorkouts == 1 && summary.plannedSessions == 0 && summary.signalCoverage == 0.9)
    }

    @Test func daySummaryCountsPlannedAndCompletedBlocks() throws {
        var fixture = try GhostFixture(phase: .autoScheduler)
        let done = try #require(try fixture.autoBlock(day: 0, hour: 7))
        _ = try #require(try fixture.autoBlock(day: 0, hour: 18))
        let deleted = try #require(try fixture.autoBlock(day: 0, hour: 20))
        _ = try fixture.send(.autoBlockDeleted(deleted), day: 0, hour: 6)
        _ = try fixture.send(.workoutDetected(at: TestTime.date(0, 7, 20), confidence: 0.8), day: 0, hour: 8)
        _ = try fixture.send(.tick, day: 0, hour: 23)
        _ = try fixture.send(.dayClosed(TestTime.monday, signalCoverage: 1), day: 0, hour: 23, minute: 59)
        let summary = try #require(fixture.ghost.health.recentDays.last)
        #expect(summary.plannedSessions == 2 && summary.completedSessions == 1)
        #expect(fixture.ghost.block(done)?.status == .completed)
    }

    @Test func closingDaysAdvancesTrustWithAReceipt() throws {
        var rules = EngineRules()
        rules.trust.initialScore = rules.trust.toScheduler.minScore
        var fixture = try GhostFixture(rules: rules)
        var changes: [GhostEffect] = []
        for offset in 0..<8 {
            changes += try fixture.send(
                .dayClosed(TestTime.monday.adding(days: offset), signalCoverage: 1), day: offset, hour: 23, minute: 59)
        }
        #expect(changes.phaseChanges.map(\.to) == [.scheduler])
        #expect(changes.phaseChanges.first?.at == (try TestTime.date(7, 23, 59)))
        #expect(changes.receipts.map(\.action) == [.trustChanged])
        #expect(changes.receipts.first?.reason.contains("moved up to Scheduler") == true)
    }

    @Test func lowScoreDemotesAtDayCloseWithAReceipt() throws {
        var rules = EngineRules()
        rules.trust.initialScore = 0.05
        var fixture = try GhostFixture(rules: rules, phase: .autoScheduler)
        _ = try fixture.send(.releaseManualPin, day: 0, hour: 9)
        let effects = try fixture.send(.dayClosed(TestTime.monday, signalCoverage: 1), day: 0, hour: 23, minute: 59)
        #expect(effects.phaseChanges.map(\.cause) == [.demoted])
        #expect(fixture.ghost.trust.phase == .scheduler)
        // The score beside the one the phase left needs to stay: Auto-Scheduler's entry 0.200 less the 0.100 margin.
        #expect(effects.receipts.first?.reason
            == "I stepped back to Scheduler because my trust score fell to 0.050, below the 0.100 Auto-Scheduler needs to stay.")
    }

    @Test func aPromotionSaysEachNumberBesideTheOneTheRulesAsk() throws {
        var rules = EngineRules()
        rules.trust.initialScore = 0.5
        // Health confidence is not the subject here: a week of closed days earns little of it.
        rules.trust.toAutoScheduler.minHealthConfidence = 0
        var fixture = try GhostFixture(rules: rules, phase: .scheduler)
        _ = try fixture.send(.releaseManualPin, day: 0, hour: 9)
        var effects: [GhostEffect] = []
        for offset in 0..<8 {
            effects += try fixture.send(
                .dayClosed(TestTime.monday.adding(days: offset), signalCoverage: 1), day: offset, hour: 23, minute: 59)
        }
        #expect(effects.phaseChanges.map(\.to) == [.autoScheduler])
        let reason = try #require(effects.receipts.first { $0.action == .trustChanged }?.reason)
        #expect(reason.wholeMatch(of: #/I moved up to Auto-Scheduler: my trust score is 0\.\d{3} \(0\.200 needed\), I spent the 7 days it asks as Scheduler, and health confidence is \d\.\d{3} \(0\.000 needed\)\./#) != nil, "\(reason)")
    }

    @Test func closingDaysReportsHealthPhaseChanges() throws {
        var fixture = try GhostFixture()
        var effects: [GhostEffect] = []
        for offset in 0..<14 {
            effects += try fixture.send(
                .dayClosed(TestTime.monday.adding(days: offset), signalCoverage: 1), day: offset, hour: 23, minute: 59)
        }
        let changes = effects.compactMap { if case .healthPhaseChanged(let change) = $0 { change } else { nil } }
        #expect(changes.map(\.to) == [.adaptation])
    }

    @Test func ledgerForgetsFinishedBlocksOlderThanItsWindow() throws {
        var fixture = try GhostFixture(phase: .autoScheduler)
        let old = try #require(try fixture.autoBlock(day: 0))
        _ = try fixture.send(.tick, day: 0, hour: 23)
        _ = try fixture.send(.dayClosed(TestTime.monday.adding(days: 34), signalCoverage: 1), day: 34, hour: 23, minute: 59)
        #expect(fixture.ghost.block(old) != nil)
        _ = try fixture.send(.dayClosed(TestTime.monday.adding(days: 35), signalCoverage: 1), day: 35, hour: 23, minute: 59)
        #expect(fixture.ghost.block(old) == nil)
    }

    @Test func manualPinCanBeReleasedThroughTheGhost() throws {
        var fixture = try GhostFixture(phase: .scheduler)
        #expect(fixture.ghost.trust.pinnedByUser)
        #expect(try fixture.send(.releaseManualPin, day: 0, hour: 9).isEmpty)
        #expect(!fixture.ghost.trust.pinnedByUser)
    }

    @Test func manualChangeIsRecordedWithAReceipt() throws {
        var fixture = try GhostFixture()
        let effects = try fixture.send(.manualPhaseChange(to: .transformer), day: 0, hour: 9)
        #expect(effects.phaseChanges.map(\.cause) == [.manual])
        #expect(effects.receipts.map(\.action) == [.trustChanged])
        #expect(effects.receipts.first?.reason == "You moved me to Transformer.")
    }
}

struct GhostDaylightSavingTests {
    @Test func twoMissesOnThe25HourDayAskOnlyOnce() throws {
        // 2026-10-25 is 25 hours long in Berlin: 00:30 and 23:30 local are 24 hours apart, yet one local day,
        // so a rule of "24 hours since the last question" would wrongly ask again.
        let fallBack = LocalDay(year: 2026, month: 10, day: 25)
        let calendar = TestTime.berlin
        var rules = EngineRules.standard
        rules.triage.missedGraceMinutes = 0  // both misses fall on the long day itself
        var ghost = Ghost(startingAt: try calendar.startOfDay(fallBack), timeZone: calendar.timeZone, rules: rules)
        _ = try ghost.handle(.manualPhaseChange(to: .autoScheduler), now: try calendar.date(on: fallBack, hour: 0))
        var ids: [BlockID] = []
        for hour in [0, 22] {
            let candidate = BlockCandidate(
                start: try calendar.date(on: fallBack, hour: hour, minute: 10), durationMinutes: 20, confidence: 1)
            for case .writeBlock(let block) in try ghost.handle(.placementRequested(candidate, alternatives: []), now: candidate.start) {
                ids.append(block.id)
            }
        }
        #expect(ids.count == 2)
        let early = try ghost.handle(.tick, now: try calendar.date(on: fallBack, hour: 0, minute: 30))
        _ = try ghost.handle(.triageAnswered(ids[0], .lifeHappened), now: try calendar.date(on: fallBack, hour: 0, minute: 40))
        let late = try calendar.date(on: fallBack, hour: 23, minute: 30)
        #expect(late.timeIntervalSince(try calendar.date(on: fallBack, hour: 0, minute: 30)) == 24 * 3600)
        let second = try ghost.handle(.tick, now: late)
        #expect(early == [.askTriage(ids[0])])
        #expect(second.first == .missResolved(ids[1], .unknown))
        #expect(!second.contains(.askTriage(ids[1])))
    }
}
