import Foundation
import Synchronization
import TestPrograms
import Testing

@testable import ICalendarKit
@testable import VigorDaemon

#if canImport(Glibc)
import Glibc
#endif

@Test(.removesScratchFolders) func calendarJobsRunOneAtATimeInTheOrderTheyCame() async {
    let lane = CalendarLane()
    let log = Mutex<[Int]>([])
    let running = Mutex(0)
    let overlapped = Mutex(false)
    for index in 0..<50 {
        lane.submit {
            let concurrent = running.withLock { count -> Int in
                count += 1
                return count
            }
            if concurrent > 1 { overlapped.withLock { $0 = true } }
            log.withLock { $0.append(index) }
            running.withLock { $0 -= 1 }
        }
    }
    await lane.drained()
    #expect(log.withLock { $0 } == Array(0..<50))
    #expect(!overlapped.withLock { $0 })
}

@Test(.removesScratchFolders) func calendarWorkRunsAtTheDaemonsOwnPriority() async {
    let lane = CalendarLane()
    let caller = (policy: sched_getscheduler(0), nice: getpriority(__priority_which_t(PRIO_PROCESS.rawValue), 0))
    let job = await lane.run { (policy: sched_getscheduler(0), nice: getpriority(__priority_which_t(PRIO_PROCESS.rawValue), 0)) }
    #expect(job.policy == caller.policy)
    #expect(job.nice == caller.nice)
}

@Test(.removesScratchFolders) func aJobAfterTheQueueRanDryStillRuns() async throws {
    let lane = CalendarLane()
    #expect(await lane.run { 1 } == 1)
    await lane.drained()
    #expect(await lane.run { 2 } == 2)
    let failure = await #expect(throws: CalendarError.self) {
        try await lane.run { () throws(CalendarError) -> Int in throw .unknownSource("travel") }
    }
    #expect(failure == .unknownSource("travel"))
}

@Test(.removesScratchFolders) func aQueuedQueryRunsBeforeQueuedBackgroundJobs() async {
    let lane = CalendarLane()
    let log = Mutex<[String]>([])
    let gate = DispatchSemaphore(value: 0)
    lane.submit {
        gate.wait()  // holds the lane until every other job is queued
        log.withLock { $0.append("first") }
    }
    lane.submitInBackground { log.withLock { $0.append("background 1") } }
    lane.submitInBackground { log.withLock { $0.append("background 2") } }
    lane.submit { log.withLock { $0.append("query") } }
    gate.signal()
    await lane.drained()
    #expect(log.withLock { $0 } == ["first", "query", "background 1", "background 2"])
}

@Test(.removesScratchFolders) func aLaneDoesItsIdleWorkOnceAfterABurstNotBetweenItsJobs() async {
    let log = Mutex<[String]>([])
    let idle = DispatchSemaphore(value: 0)
    let lane = CalendarLane(whenIdle: {
        log.withLock { $0.append("idle") }
        idle.signal()
    })
    let gate = DispatchSemaphore(value: 0)
    lane.submit {
        gate.wait()  // holds the lane until the whole burst is queued
        log.withLock { $0.append("parse") }
    }
    lane.submitInBackground { log.withLock { $0.append("prepare") } }
    lane.submit { log.withLock { $0.append("query") } }
    gate.signal()
    #expect(idle.wait(timeout: .now() + 60) == .success)
    #expect(log.withLock { $0 } == ["parse", "query", "prepare", "idle"])
}

@Test(.removesScratchFolders) func aParseBurstIsTrimmedOnceAndTrimsAreAtLeastTheSpacingApart() {
    let parses = Mutex(0)
    let clock = Mutex(Duration.seconds(100))
    let trims = Mutex(0)
    let trim = ParseBurstTrim(
        spacing: TrimSpacing(minimum: .seconds(30)), now: { clock.withLock { $0 } }, giveBack: { trims.withLock { $0 += 1 } })
    trim.watch { parses.withLock { $0 } }
    trim.laneWentIdle()
    #expect(trims.withLock { $0 } == 0)  // a query that parsed nothing
    parses.withLock { $0 = 5 }
    trim.laneWentIdle()
    #expect(trims.withLock { $0 } == 1)
    trim.laneWentIdle()
    #expect(trims.withLock { $0 } == 1)  // nothing parsed since
    parses.withLock { $0 = 6 }
    clock.withLock { $0 += .seconds(10) }
    trim.laneWentIdle()
    #expect(trims.withLock { $0 } == 1)  // too soon after the last trim
    clock.withLock { $0 += .seconds(21) }
    trim.laneWentIdle()
    #expect(trims.withLock { $0 } == 2)  // the burst left pending is trimmed once the spacing has passed
}

@Test(.removesScratchFolders) func twoCalendarHostsOfOneProcessShareTheTrimSpacing() {
    let clock = Mutex(Duration.seconds(100))
    let trims = Mutex(0)
    let spacing = TrimSpacing(minimum: .seconds(30))
    let hosts = (0..<2).map { _ in
        ParseBurstTrim(spacing: spacing, now: { clock.withLock { $0 } }, giveBack: { trims.withLock { $0 += 1 } })
    }
    for host in hosts { host.watch { 1 } }
    hosts[0].laneWentIdle()
    hosts[1].laneWentIdle()
    #expect(trims.withLock { $0 } == 1)  // the heap is one: the second burst waits for the spacing
    clock.withLock { $0 += .seconds(30) }
    hosts[1].laneWentIdle()
    #expect(trims.withLock { $0 } == 2)
}

@Test(.removesScratchFolders) func aLoopOverFilesComesBackInIndexOrderFromSeveralThreads() {
    let threads = CalendarThreads(threads: 4)
    let gate = DispatchSemaphore(value: 0)
    // Index 0 waits until another thread has run index 1: the loop must not run on the caller alone.
    let results = threads.map(count: 100) { index -> (square: Int, thread: UInt) in
        if index == 1 { gate.signal() }
        if index == 0 { gate.wait() }
        return (index * index, UInt(bitPattern: Int(bitPattern: pthread_self())))
    }
    #expect(results.map(\.square) == (0..<100).map { $0 * $0 })
    #expect(Set(results.map(\.thread)).count > 1)
}

@Test(.removesScratchFolders) func aLoopFinishesOnTheCallingThreadWhileEveryPoolThreadIsBusy() {
    let threads = CalendarThreads(threads: 3)
    let release = DispatchSemaphore(value: 0)
    let started = DispatchSemaphore(value: 0)
    for _ in 0..<3 {
        threads.submit {
            started.signal()
            release.wait()
        }
    }
    for _ in 0..<3 { started.wait() }
    let results = threads.map(count: 10) { $0 + 1 }
    #expect(results == Array(1...10))
    for _ in 0..<3 { release.signal() }
}
