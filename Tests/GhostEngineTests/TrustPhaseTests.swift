import Testing
import GhostEngine

struct TrustPhaseTests {
    @Test func phasesAreOrderedFromObserverToFullGhost() {
        #expect(TrustPhase.allCases == [.observer, .scheduler, .autoScheduler, .transformer, .fullGhost])
        #expect(TrustPhase.observer < .fullGhost)
        #expect(TrustPhase.observer.previous == nil)
        #expect(TrustPhase.fullGhost.next == nil)
        #expect(TrustPhase.scheduler.next == .autoScheduler)
        #expect(TrustPhase.scheduler.previous == .observer)
    }

    @Test func displayNamesAreWhatUsersSee() {
        #expect(TrustPhase.allCases.map(\.displayName) == ["Observer", "Scheduler", "Auto-Scheduler", "Transformer", "Full Ghost"])
    }

    @Test func observerNeverWritesTheCalendar() {
        #expect(TrustPhase.observer.capabilities == TrustCapabilities())
    }

    @Test func schedulerOnlyProposes() {
        let can = TrustPhase.scheduler.capabilities
        #expect(can.canPropose && !can.canWriteCalendar && !can.canTransform)
    }

    @Test func autoSchedulerWritesButDoesNotTransform() {
        let can = TrustPhase.autoScheduler.capabilities
        #expect(can.canWriteCalendar && !can.canTransform && !can.canMove)
    }

    @Test func transformerTransformsButDoesNotMoveOrProtect() {
        let can = TrustPhase.transformer.capabilities
        #expect(can.canTransform && !can.canMove)
    }

    @Test func fullGhostMayDoEverything() {
        let can = TrustPhase.fullGhost.capabilities
        #expect(can.canPropose && can.canWriteCalendar && can.canTransform && can.canMove)
    }

    @Test func phasesEncodeAsCamelCaseNames() throws {
        #expect(TrustPhase.autoScheduler.rawValue == "autoScheduler")
        #expect(TrustPhase.fullGhost.rawValue == "fullGhost")
    }
}
