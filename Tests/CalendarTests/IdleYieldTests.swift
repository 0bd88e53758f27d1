import Testing

@testable import Calendar

/// A fake clock the test moves, and the times at which the points yielded.
private final class Work {
    var now: UInt64 = 1_000_000
    var yields: [UInt64] = []
}

@Test func anIdleThreadYieldsItsCoreEveryHundredMicrosecondsOfWork() {
    let work = Work()
    var points = IdleYield(active: true, clock: { work.now }, yieldCore: { work.yields.append(work.now) })
    let itemCost: UInt64 = 5_000
    for _ in 0..<2_000 {
        work.now += itemCost
        points.point()
    }
    #expect(work.yields.count >= 70)
    let gaps = zip(work.yields.dropFirst(), work.yields).map { $0 - $1 }
    #expect(gaps.allSatisfy { $0 >= IdleYield.interval })
    #expect(gaps.allSatisfy { $0 <= IdleYield.interval + 8 * itemCost })
}

@Test func aThreadAtNormalPriorityNeverYields() {
    let work = Work()
    var points = IdleYield(active: false, clock: { work.now }, yieldCore: { work.yields.append(work.now) })
    for _ in 0..<2_000 {
        work.now += 50_000
        points.point()
    }
    #expect(work.yields.isEmpty)
}

@Test func calendarWorkersAreTheThreadsWhosePointsYield() {
    let workers = ParallelMap.map(count: 4) { _ in WorkerPriority.callingThreadIsIdle }
    #expect(workers.allSatisfy { $0 == true })
    #expect(!WorkerPriority.callingThreadIsIdle)
}
