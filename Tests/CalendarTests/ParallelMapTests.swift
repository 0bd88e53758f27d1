import Glibc
import Testing

@testable import Calendar

@Test func parallelWorkComesBackInIndexOrder() {
    let squares = ParallelMap.map(count: 100) { $0 * $0 }
    #expect(squares == (0..<100).map { Optional($0 * $0) })
}

@Test func parallelWorkRunsOnlyOnCoresNothingElseWants() {
    let policies = ParallelMap.map(count: 8) { _ in sched_getscheduler(0) }
    #expect(policies.allSatisfy { $0 == WorkerPriority.idlePolicy })
    #expect(sched_getscheduler(0) != WorkerPriority.idlePolicy)
}
