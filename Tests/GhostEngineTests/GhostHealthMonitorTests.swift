import Foundation
import Testing
import GhostEngine

struct GhostHealthMonitorTests {
    let rules = GhostHealthRules()

    /// A monitor after `count` failures of `kind`, with the changes it reported.
    func failing(_ count: Int, _ kind: GhostFailure = .missedCycle) throws -> (GhostHealthMonitor, [GhostHealthChange]) {
        var monitor = GhostHealthMonitor()
        var changes: [GhostHealthChange] = []
        for index in 0..<count {
            if let change = monitor.handle(.failure(kind), at: try TestTime.moment(0, 1, index), rules: rules) {
                changes.append(change)
            }
        }
        return (monitor, changes)
    }

    @Test func theMonitorKeepsItsLastChangeForTheUser() throws {
        #expect(GhostHealthMonitor().lastChange == nil)
        let (monitor, changes) = try failing(5)
        #expect(monitor.lastChange == changes.last)
        #expect(monitor.lastChange?.to == .safeMode)
    }

    @Test func oneFailureStaysHealthy() throws {
        let (monitor, changes) = try failing(1)
        #expect(monitor.mode == .healthy)
        #expect(changes.isEmpty)
    }

    @Test func twoFailuresDegradeWithTheBackgroundSentence() throws {
        let (monitor, changes) = try failing(2)
        #expect(monitor.mode == .degraded)
        #expect(changes.first?.sentence == "I'm having trouble running in the background. Things may be delayed.")
        #expect(changes.first?.cause == .missedCycle)
    }

    @Test func fourFailuresStayDegradedAndFiveEnterSafeMode() throws {
        #expect(try failing(4).0.mode == .degraded)
        #expect(try failing(5, .calendarWriteFailed).0.mode == .safeMode)
    }

    @Test func nineFailuresStayInSafeModeAndTenSuspend() throws {
        #expect(try failing(9).0.mode == .safeMode)
        let (monitor, changes) = try failing(10, .staleData)
        #expect(monitor.mode == .suspended)
        #expect(changes.map(\.to) == [.degraded, .safeMode, .suspended])
    }

    @Test func everyFailureKindCounts() throws {
        var monitor = GhostHealthMonitor()
        for (index, kind) in GhostFailure.allCases.enumerated() {
            _ = monitor.handle(.failure(kind), at: try TestTime.moment(0, 2, index), rules: rules)
        }
        #expect(monitor.failures == GhostFailure.allCases.count)
        #expect(monitor.mode == .safeMode)
    }

    @Test func threeSuccessesRecoverOneModeAndTwoDoNot() throws {
        var (monitor, _) = try failing(5)
        let moment = try TestTime.moment(0, 3)
        #expect(monitor.handle(.success, at: moment, rules: rules) == nil)
        #expect(monitor.handle(.success, at: moment, rules: rules) == nil)
        let change = monitor.handle(.success, at: moment, rules: rules)
        #expect(change?.from == .safeMode && change?.to == .degraded && change?.cause == nil)
        #expect(monitor.failures == rules.degradedAfterFailures)
    }

    @Test func aFailureBreaksTheSuccessRun() throws {
        var (monitor, _) = try failing(2)
        let moment = try TestTime.moment(0, 3)
        _ = monitor.handle(.success, at: moment, rules: rules)
        _ = monitor.handle(.success, at: moment, rules: rules)
        _ = monitor.handle(.failure(.calendarReadFailed), at: moment, rules: rules)
        #expect(monitor.handle(.success, at: moment, rules: rules) == nil)
        #expect(monitor.mode == .degraded)
    }

    @Test func recoveryClimbsAllTheWayBackToHealthy() throws {
        var (monitor, _) = try failing(10)
        var changes: [GhostHealthChange] = []
        for _ in 0..<9 {
            if let change = monitor.handle(.success, at: try TestTime.moment(0, 4), rules: rules) { changes.append(change) }
        }
        #expect(changes.map(\.to) == [.safeMode, .degraded, .healthy])
        #expect(changes.last?.sentence == "Everything is running normally again.")
        #expect(monitor.failures == 0)
    }

    @Test func successesWhileHealthyForgiveEarlierFailures() throws {
        var (monitor, _) = try failing(1)
        for _ in 0..<3 { _ = monitor.handle(.success, at: try TestTime.moment(0, 4), rules: rules) }
        #expect(monitor.failures == 0)
        _ = monitor.handle(.failure(.missedCycle), at: try TestTime.moment(0, 5), rules: rules)
        #expect(monitor.mode == .healthy)
    }

    @Test func twoFailuresFurtherApartThanTheWindowStayHealthy() throws {
        var monitor = GhostHealthMonitor()
        let laterDay = Int(rules.failureWindowHours / 24) + 1
        _ = monitor.handle(.failure(.notificationFailed), at: try TestTime.moment(0, 21), rules: rules)
        let second = monitor.handle(.failure(.calendarReadFailed), at: try TestTime.moment(laterDay, 21, 30), rules: rules)
        #expect(second == nil)
        #expect(monitor.mode == .healthy)
        #expect(monitor.failures == 1)
        #expect(monitor.counted.map(\.kind) == [.calendarReadFailed])
    }

    @Test func twoFailuresWithinTheWindowDegrade() throws {
        var monitor = GhostHealthMonitor()
        let hours = Int(rules.failureWindowHours) - 1
        _ = monitor.handle(.failure(.notificationFailed), at: try TestTime.moment(0, 0), rules: rules)
        let second = monitor.handle(.failure(.calendarReadFailed), at: try TestTime.moment(hours / 24, hours % 24), rules: rules)
        #expect(second?.to == .degraded)
    }

    @Test func onceDegradedFailuresKeepCountingHoweverFarApart() throws {
        var (monitor, _) = try failing(2)
        for day in 1...3 {
            let far = Int(rules.failureWindowHours / 24) + 1
            _ = monitor.handle(.failure(.missedCycle), at: try TestTime.moment(day * far, 3), rules: rules)
        }
        #expect(monitor.failures == 5)
        #expect(monitor.mode == .safeMode)
    }

    @Test func aStateSavedBeforeTheLastFailureWasKeptStillReads() throws {
        let old = #"{"mode":"healthy","failures":1,"successStreak":0,"counted":[]}"#
        var monitor = try JSONDecoder().decode(GhostHealthMonitor.self, from: Data(old.utf8))
        #expect(monitor.lastFailureAt == nil)
        _ = monitor.handle(.failure(.missedCycle), at: try TestTime.moment(9, 3), rules: rules)
        #expect(monitor.mode == .degraded)
    }

    @Test func eachModeNarrowsWhatTheGhostMayDo() {
        #expect(GhostHealthMode.healthy.allowed == TrustPhase.fullGhost.capabilities)
        #expect(GhostHealthMode.degraded.allowed == TrustCapabilities(canPropose: true, canWriteCalendar: true))
        #expect(GhostHealthMode.safeMode.allowed == TrustCapabilities(canPropose: true))
        #expect(GhostHealthMode.suspended.allowed == .observeOnly)
    }

    @Test func modesHaveDisplayNames() {
        #expect(GhostHealthMode.allCases.map(\.displayName) == ["Healthy", "Degraded", "Safe mode", "Suspended"])
    }

    @Test func everyModeChangeHasASentence() {
        for mode in GhostHealthMode.allCases {
            for previous in GhostHealthMode.allCases where previous != mode {
                #expect(!mode.sentence(enteringFrom: previous).isEmpty)
            }
        }
        #expect(GhostHealthMode.degraded.sentence(enteringFrom: .safeMode) != GhostHealthMode.degraded.sentence(enteringFrom: .healthy))
        #expect(GhostHealthMode.safeMode.sentence(enteringFrom: .suspended) != GhostHealthMode.safeMode.sentence(enteringFrom: .degraded))
    }

    @Test func suspendedSaysTheSeedsSentenceWithTheLinuxWayToCheckSettings() {
        #expect(GhostHealthMode.suspended.sentence(enteringFrom: .safeMode)
            == "I've paused to avoid causing problems. Run `vigorctl status` to check settings.")
    }
}

struct GhostHealthFailureKindTests {
    let rules = GhostHealthRules()

    @Test func theMonitorKeepsWhichFailuresItCountedUntilItIsHealthyAgain() throws {
        var monitor = GhostHealthMonitor()
        _ = monitor.handle(.failure(.calendarWriteFailed), at: try TestTime.moment(0, 6), rules: rules)
        _ = monitor.handle(.failure(.notificationFailed), at: try TestTime.moment(0, 7), rules: rules)
        _ = monitor.handle(.failure(.calendarWriteFailed), at: try TestTime.moment(0, 8), rules: rules)
        #expect(monitor.mode == .degraded)
        #expect(monitor.counted.map(\.kind) == [.calendarWriteFailed, .notificationFailed])
        #expect(monitor.counted.first?.count == 2)
        #expect(monitor.counted.first?.firstAt == (try TestTime.date(0, 6)))
        #expect(monitor.counted.first?.lastAt == (try TestTime.date(0, 8)))
        for hour in 9..<12 { _ = monitor.handle(.success, at: try TestTime.moment(0, hour), rules: rules) }
        #expect(monitor.mode == .healthy)
        #expect(monitor.counted.isEmpty)
    }

    @Test func aStateSavedBeforeFailuresWereKeptByKindStillReads() throws {
        let old = #"{"mode":"degraded","failures":2,"successStreak":0}"#
        let monitor = try JSONDecoder().decode(GhostHealthMonitor.self, from: Data(old.utf8))
        #expect(monitor.mode == .degraded && monitor.counted.isEmpty)
    }
}
